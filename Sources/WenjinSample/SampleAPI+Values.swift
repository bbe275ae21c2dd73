import Foundation

/// Small pieces several endpoints share: user objects, avatars, topic lists, paging.
extension SampleAPI {
    static let anonymousName = "匿名用户"

    /// `000/00/10/24_avatar_max.jpg` for uid 1024 (docs/api.md §3.3); nil when the user has none.
    func avatarFile(_ user: SampleCommunity.User) -> String? {
        guard user.hasAvatar else { return nil }
        let padded = String(format: "%09d", user.id)
        let digits = Array(padded)
        return "\(String(digits[0..<3]))/\(String(digits[3..<5]))/\(String(digits[5..<7]))/\(String(digits[7..<9]))_avatar_max.jpg"
    }

    /// True when the flavor hides this author: WENJIN shows anonymous posts as uid −1.
    func hides(anonymous: Bool) -> Bool { anonymous && flavor == .wenjin }

    /// `{uid, user_name, nick_name, avatar_file}` (WENJIN) or `{uid, user_name, avatar_file}` (WeCenter).
    func userObject(_ uid: Int, anonymous: Bool = false) -> PHPValue {
        guard !hides(anonymous: anonymous), let user = community.user(uid) else {
            return .object([("uid", "-1"), ("user_name", .string(Self.anonymousName)), ("nick_name", .string(Self.anonymousName)), ("avatar_file", "")])
        }
        switch flavor {
        case .wenjin:
            return .object([
                ("uid", .column(uid)), ("user_name", .string(escapeHTML(user.userName))),
                ("nick_name", .string(escapeHTML(user.nickName))), ("avatar_file", .string(avatarFile(user) ?? "")),
            ])
        case .wecenter:
            return .object([("uid", .column(uid)), ("user_name", .string(escapeHTML(user.userName))), ("avatar_file", .string(avatarFile(user) ?? ""))])
        }
    }

    func signature(_ user: SampleCommunity.User?) -> PHPValue {
        user?.signature.map { .string(escapeHTML($0)) } ?? .null
    }

    func topicList(_ ids: [Int]) -> PHPValue {
        .array(ids.compactMap { community.topic($0) }.map {
            .object([("topic_id", .column($0.id)), ("topic_title", .string(escapeHTML($0.title)))])
        })
    }

    /// `topic_pic` as the API sends it: the `_100_100` variant, `""` when none.
    func topicPicture(_ topic: SampleCommunity.Topic, size: Int = 100) -> String {
        topic.picture.map { "\($0)_\(size)_\(size).jpg" } ?? ""
    }

    func attachmentURL(base: String) -> SampleBody.AttachmentURL {
        { id in community.attachment(id).map { base + $0.path } }
    }

    /// Stand-alone scripts' paging (docs/api.md §1.5): 1-based, `per_page` default 10, a page past the end is
    /// clamped to the last page; `{"total_rows":"0"}` when there is nothing.
    func scriptPage<T>(_ items: [T], _ context: Context, row: (T) -> PHPValue) -> Outcome {
        guard !items.isEmpty else { return .success(.object([("total_rows", "0")])) }
        let perPage = max(1, context.int("per_page") ?? 10)
        let lastPage = (items.count + perPage - 1) / perPage
        let page = min(max(1, context.int("page") ?? 1), lastPage)
        let slice = items[((page - 1) * perPage)..<min(items.count, page * perPage)]
        return .success(.object([("total_rows", .column(items.count)), ("rows", .array(slice.map(row)))]))
    }

    /// The viewer's vote on an answer (or like of an article comment): the int 0 when there is none,
    /// else the database's string `"1"` or `"-1"` (docs/api.md §8.2). Logged out, always 0.
    func vote(viewer: Int?, answer: Int, likesOnly: Bool = false) -> PHPValue {
        guard let viewer else { return 0 }
        var rng = SeededRandom(seed: community.options.seed ^ UInt64(viewer) << 20, kind: .vote, id: answer)
        let roll = rng.int(0...99)
        if likesOnly { return roll < 25 ? "1" : 0 }
        switch roll {
        case 0..<8: return "1"
        case 8..<10: return "-1"
        default: return 0
        }
    }

    /// `uid` as the stand-alone scripts want it: present and not zero (PHP `empty()`).
    func requiredUID(_ context: Context) -> Int? {
        guard let uid = context.int("uid"), uid != 0 else { return nil }
        return uid
    }
}
