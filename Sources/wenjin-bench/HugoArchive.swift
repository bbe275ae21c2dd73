// The archive as `export-hugo` reads it: the store's entities in the orders wenjin's pages list
// them (as `ArchiveContent.read` does), and the sanitized HTML of each body from the store's
// sanitizer cache, under the key `wenjin build` caches it by.
import Foundation
import WenjinConfig
import WenjinModel
import WenjinSanitizer
import WenjinStore

struct HugoArchive {
    /// Most recently answered first.
    var questions: [Question]
    /// Per question, in the API's order (most agreed first).
    var answers: [QuestionID: [Answer]]
    var answerComments: [AnswerID: [AnswerComment]]
    var users: [User]
    var usersByID: [UserID: User]
    /// Most discussed first.
    var topics: [Topic]
    /// Newest first.
    var articles: [Article]
    var articleComments: [ArticleID: [ArticleComment]]
    var assets: [AssetURL: Asset]
    /// The community's base URL, without a trailing slash.
    var sourceBase: String
    var hosts: CommunityHosts
    let store: Store

    static func read(from store: Store, config: SiteConfig) throws -> HugoArchive {
        try store.read { reader in
            let questions = try reader.questions()
            let stored = try reader.answersByQuestion()
            var answers: [QuestionID: [Answer]] = [:]
            for question in questions { answers[question.id] = stored[question.id] ?? [] }
            let assets = try reader.assetsByURL()
            var source = try reader.meta(.sourceURL) ?? config.source.baseURL?.absoluteString ?? "http://wenjin.in"
            if var components = URLComponents(string: source), components.user != nil || components.password != nil {
                (components.user, components.password) = (nil, nil)
                source = components.string ?? source
            }
            while source.hasSuffix("/") { source.removeLast() }
            let users = try reader.users()
            return HugoArchive(
                questions: questions, answers: answers, answerComments: try reader.commentsByAnswer(), users: users,
                usersByID: Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }),
                topics: try reader.topics(), articles: try reader.articles(), articleComments: try reader.commentsByArticle(),
                assets: assets, sourceBase: source,
                hosts: CommunityHosts(source: source, historical: config.source.historicalHosts), store: store)
        }
    }

    /// The sanitized HTML of a raw body, as the last `wenjin build` cached it. The key is the
    /// build's (`CacheKeyHash`: SHA-256 of the hosts' identity, a NUL and the raw text).
    func sanitized(_ raw: String, of what: String, reader: StoreReader) throws -> String {
        guard !raw.isEmpty else { return "" }
        let key = SanitizedCacheKey(contentHash: Sanitizer.contentHash(of: hosts.identity + "\u{0}" + raw),
                                    policyVersion: Sanitizer.policyVersion)
        guard let entry = try reader.sanitized(key) else {
            throw HugoExport.UsageError(description: "the sanitizer cache holds no HTML for \(what): run `wenjin build` on the site folder first")
        }
        return entry.html
    }

    /// Where wenjin's output keeps a stored image (`SiteLayout.image`): `images/` and its
    /// bytes' SHA-256, with an extension browsers recognise. Bodies link images there.
    static func imagePath(of asset: Asset) -> String? {
        guard asset.state == .stored, let sha = asset.sha256 else { return nil }
        let mediaType = asset.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        let known = ["image/jpeg": "jpg", "image/jpg": "jpg", "image/png": "png", "image/gif": "gif",
                     "image/webp": "webp", "image/bmp": "bmp"]
        if let mediaType, let ext = known[mediaType] { return "images/\(sha).\(ext)" }
        let name = asset.url.rawValue.split(separator: "?").first?.split(separator: "/").last ?? ""
        if let dot = name.lastIndex(of: "."), case let ext = name[name.index(after: dot)...].lowercased(),
           ["jpg", "jpeg", "png", "gif", "webp", "bmp"].contains(ext) {
            return "images/\(sha).\(ext)"
        }
        return "images/\(sha).img"
    }

    /// A user as a post shows them: the local avatar when it is stored.
    func person(_ id: UserID?, anonymous: Bool = false) -> HugoFrontMatter.Person {
        guard !anonymous, let id else { return HugoFrontMatter.Person(id: nil, name: "匿名用户", avatar: nil) }
        // A user the store has no profile of has no page to link to.
        guard let user = usersByID[id] else { return HugoFrontMatter.Person(id: nil, name: "用户 \(id.rawValue)", avatar: nil) }
        return HugoFrontMatter.Person(id: id.rawValue, name: Sanitizer.decodeEntities(user.displayName), avatar: avatar(of: user))
    }

    func avatar(of user: User) -> String? {
        guard let file = user.avatarFile, !file.isEmpty,
              let asset = assets[AssetURL(sourceBase + "/uploads/avatar/" + file)] else { return nil }
        return Self.imagePath(of: asset)
    }

    /// The users whose pages list a question: its shown asker and answerers (the `users`
    /// taxonomy's terms), each once.
    func userTerms(of question: Question) -> [String] {
        var terms: [String] = []
        let people = [person(question.askerID, anonymous: question.isAnonymous)]
            + (answers[question.id] ?? []).map { person($0.authorID, anonymous: $0.isAnonymous) }
        for case let id? in people.map(\.id) where !terms.contains(String(id)) { terms.append(String(id)) }
        return terms
    }
}
