import WenjinBuildSupport
import WenjinModel

/// A digest of everything `ArchiveLinks` answers from: which questions, answers, articles,
/// users (by ID and name), topics (by ID and title) and stored images the archive holds, and
/// what it withholds (`Withdrawals`).
/// While it is unchanged, every link of every body resolves as it did, so a build need not ask
/// the resolver again about bodies it has seen (`BodyLedger`).
enum LinkTargets {
    /// The digest (`links`), of the content itself, not its lookups, so that it is taken beside
    /// the list of raw bodies before the lookups are made (`SanitizedBodies.Inputs`); the same
    /// sets, so the same digest as of the lookups' keys. And apart, from the same walk, the
    /// digest of the stored images alone (each one's URL, SHA-256 and type, in no order): what
    /// the images an output holds are made from (`SiteFileList.imageSet`).
    static func digests(of content: ArchiveContent) -> (links: UInt64, storedImages: UInt64) {
        var digest = ContentDigest(seed: 0x6C69_6E6B_73)
        digest.add(content.sourceBase)
        digest.add(tag: 1)
        digest.add(word: unordered(content.questions.indices) { index in
            var member = ContentDigest(seed: 1)
            member.add(word: UInt64(bitPattern: Int64(content.questions[index].id.rawValue)))
            return member.finish()
        })
        digest.add(tag: 2)
        var answerSum: UInt64 = 0
        var answerCount = 0
        for (question, answers) in content.answers {
            for index in answers.indices {
                var member = ContentDigest(seed: 2)
                member.add(word: UInt64(bitPattern: Int64(answers[index].id.rawValue)))
                member.add(word: UInt64(bitPattern: Int64(question.rawValue)))
                answerSum &+= member.finish()
            }
            answerCount += answers.count
        }
        digest.add(word: unordered(sum: answerSum, count: answerCount))
        digest.add(tag: 3)
        digest.add(word: unordered(content.articles.indices) { index in
            var member = ContentDigest(seed: 3)
            member.add(word: UInt64(bitPattern: Int64(content.articles[index].id.rawValue)))
            return member.finish()
        })
        digest.add(tag: 4)
        // Sorted copies only when needed, and of indices: the store gives users by ID, and
        // sorting the entities themselves retains and releases every field at each move.
        // Compared in place, by index: zipping the list with itself copied every user twice.
        let users = content.users.indices.dropFirst().allSatisfy({ content.users[$0 - 1].id < content.users[$0].id })
            ? Array(content.users.indices) : content.users.indices.sorted { content.users[$0].id < content.users[$1].id }
        for index in users {
            digest.add(word: UInt64(bitPattern: Int64(content.users[index].id.rawValue)))
            digest.add(content.users[index].userName)
            digest.add(content.users[index].nickName ?? "\u{0}")
        }
        digest.add(tag: 5)
        let topics = content.topics.indices.dropFirst().allSatisfy({ content.topics[$0 - 1].id < content.topics[$0].id })
            ? Array(content.topics.indices) : content.topics.indices.sorted { content.topics[$0].id < content.topics[$1].id }
        for index in topics {
            digest.add(word: UInt64(bitPattern: Int64(content.topics[index].id.rawValue)))
            digest.add(content.topics[index].title)
        }
        digest.add(tag: 6)
        // Stored images only: a pending or failed one is no link target, and counting it would
        // have every body's links checked again.
        // One pass, each asset read in place by index: a loop over the values copied each one,
        // retaining and releasing its five strings (75,000 assets at 100,000 questions).
        var storedSum: UInt64 = 0
        var stored = 0
        let assets = content.assets.values
        for index in assets.indices where assets[index].state == .stored {
            var member = ContentDigest(seed: 6)
            member.add(assets[index].url.rawValue)
            member.add(assets[index].sha256 ?? "")
            member.add(assets[index].contentType ?? "")
            storedSum &+= member.finish()
            stored += 1
        }
        let storedImages = unordered(sum: storedSum, count: stored)
        digest.add(word: storedImages)
        content.withdrawals.addLinkAnswers(to: &digest)
        return (digest.finish(), storedImages)
    }

    /// The digest of a collection in no order: the wrapping sum of its members' digests (0 for
    /// a member left out), with their count. Sorting 375,000 answers and 75,000 stored images
    /// (by URL, copying each asset at every comparison) cost a 100,000-question rebuild 0.4 s;
    /// the 100,000 questions' IDs, taken from their table's keys and sorted, 0.04 s.
    private static func unordered<Members: Collection>(_ members: Members, _ digest: (Members.Element) -> UInt64) -> UInt64 {
        var sum: UInt64 = 0
        for member in members { sum &+= digest(member) }
        return unordered(sum: sum, count: members.count)
    }

    private static func unordered(sum: UInt64, count: Int) -> UInt64 {
        var whole = ContentDigest(seed: sum)
        whole.add(word: UInt64(count))
        return whole.finish()
    }
}
