import WenjinBuildSupport
import WenjinModel

/// A digest of everything `ArchiveLinks` answers from: which questions, answers, articles,
/// users (by ID and name), topics (by ID and title) and stored images the archive holds, and
/// what it withholds (`Withdrawals`).
/// While it is unchanged, every link of every body resolves as it did, so a build need not ask
/// the resolver again about bodies it has seen (`BodyLedger`).
enum LinkTargets {
    static func digest(of index: ArchiveLookup) -> UInt64 {
        let content = index.content
        var digest = ContentDigest(seed: 0x6C69_6E6B_73)
        digest.add(content.sourceBase)
        digest.add(tag: 1)
        for id in index.questionsByID.keys.map(\.rawValue).sorted() { digest.add(word: UInt64(bitPattern: Int64(id))) }
        digest.add(tag: 2)
        for (answer, question) in index.questionOfAnswer.map({ ($0.key.rawValue, $0.value.rawValue) }).sorted(by: <) {
            digest.add(word: UInt64(bitPattern: Int64(answer)))
            digest.add(word: UInt64(bitPattern: Int64(question)))
        }
        digest.add(tag: 3)
        for id in index.articlesByID.keys.map(\.rawValue).sorted() { digest.add(word: UInt64(bitPattern: Int64(id))) }
        digest.add(tag: 4)
        for user in content.users.sorted(by: { $0.id < $1.id }) {
            digest.add(word: UInt64(bitPattern: Int64(user.id.rawValue)))
            digest.add(user.userName)
            digest.add(user.nickName ?? "\u{0}")
        }
        digest.add(tag: 5)
        for topic in content.topics.sorted(by: { $0.id < $1.id }) {
            digest.add(word: UInt64(bitPattern: Int64(topic.id.rawValue)))
            digest.add(topic.title)
        }
        digest.add(tag: 6)
        for asset in content.assets.values.sorted(by: { $0.url < $1.url }) where asset.state == .stored {
            digest.add(asset.url.rawValue)
            digest.add(asset.sha256 ?? "")
            digest.add(asset.contentType ?? "")
        }
        index.content.withdrawals.addLinkAnswers(to: &digest)
        return digest.finish()
    }
}
