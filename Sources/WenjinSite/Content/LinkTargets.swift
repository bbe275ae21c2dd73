import WenjinBuildSupport
import WenjinModel

/// A digest of everything `ArchiveLinks` answers from: which questions, answers, articles,
/// users (by ID and name), topics (by ID and title) and stored images the archive holds, and
/// what it withholds (`Withdrawals`).
/// While it is unchanged, every link of every body resolves as it did, so a build need not ask
/// the resolver again about bodies it has seen (`BodyLedger`).
enum LinkTargets {
    static func digest(of archive: ArchiveLookup) -> UInt64 {
        let content = archive.content
        var digest = ContentDigest(seed: 0x6C69_6E6B_73)
        digest.add(content.sourceBase)
        digest.add(tag: 1)
        for id in archive.questionsByID.keys.map(\.rawValue).sorted() { digest.add(word: UInt64(bitPattern: Int64(id))) }
        digest.add(tag: 2)
        digest.add(word: unordered(archive.questionOfAnswer.entries) { answer, question in
            var member = ContentDigest(seed: 2)
            member.add(word: UInt64(bitPattern: Int64(answer.rawValue)))
            member.add(word: UInt64(bitPattern: Int64(question.rawValue)))
            return member.finish()
        })
        digest.add(tag: 3)
        for id in archive.articlesByID.keys.map(\.rawValue).sorted() { digest.add(word: UInt64(bitPattern: Int64(id))) }
        digest.add(tag: 4)
        // Sorted copies only when needed, and of indices: the store gives users by ID, and
        // sorting the entities themselves retains and releases every field at each move.
        let users = zip(content.users, content.users.dropFirst()).allSatisfy({ $0.id < $1.id })
            ? Array(content.users.indices) : content.users.indices.sorted { content.users[$0].id < content.users[$1].id }
        for user in users.lazy.map({ content.users[$0] }) {
            digest.add(word: UInt64(bitPattern: Int64(user.id.rawValue)))
            digest.add(user.userName)
            digest.add(user.nickName ?? "\u{0}")
        }
        digest.add(tag: 5)
        for topic in content.topics.indices.sorted(by: { content.topics[$0].id < content.topics[$1].id }).lazy.map({ content.topics[$0] }) {
            digest.add(word: UInt64(bitPattern: Int64(topic.id.rawValue)))
            digest.add(topic.title)
        }
        digest.add(tag: 6)
        // Stored images only: a pending or failed one is no link target, and counting it would
        // have every body's links checked again.
        digest.add(word: unordered(content.assets.values.lazy.filter { $0.state == .stored }) { asset in
            var member = ContentDigest(seed: 6)
            member.add(asset.url.rawValue)
            member.add(asset.sha256 ?? "")
            member.add(asset.contentType ?? "")
            return member.finish()
        })
        archive.content.withdrawals.addLinkAnswers(to: &digest)
        return digest.finish()
    }

    /// The digest of a collection in no order: the wrapping sum of its members' digests (0 for
    /// a member left out), with their count. Sorting 375,000 answers and 75,000 stored images
    /// (by URL, copying each asset at every comparison) cost a 100,000-question rebuild 0.4 s.
    private static func unordered<Members: Collection>(_ members: Members, _ digest: (Members.Element) -> UInt64) -> UInt64 {
        var sum: UInt64 = 0
        for member in members { sum &+= digest(member) }
        var whole = ContentDigest(seed: sum)
        whole.add(word: UInt64(members.count))
        return whole.finish()
    }
}
