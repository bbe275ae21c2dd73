import Foundation
import Testing
import WenjinModel
@testable import WenjinSample
@testable import WenjinSite
@testable import WenjinStore

/// The lookups that walk the whole archive are kept between builds by the digest of their
/// layout (`KeptLookups`, `LookupLayout`): taken, they must answer every question as lookups
/// made from the archive do, and a build that took them must write what a full build writes.
@Suite("Lookups kept between builds")
struct KeptLookupsTests {
    /// An archive of random rows: anonymous and missing askers and authors, answers without a
    /// time, questions in several topics or none (answers under questions the store does not hold
    /// are set apart by the read, and reach no lookup).
    private static func write(_ store: Store, seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let base = Date(timeIntervalSince1970: 1_450_000_000)
        func time() -> Date { base.addingTimeInterval(Double(random.int(0...40)) * 3600) }
        try store.write { writer in
            for id in 1...12 {
                try writer.upsert(User(id: UserID(id), userName: "用户\(id)", nickName: nil, avatarFile: nil, signature: nil, counts: .init()))
            }
            for id in 1...5 { try writer.upsert(Topic(id: TopicID(id), title: "话题\(id)", description: "", focusCount: 0, discussCount: nil)) }
            for id in 1...60 {
                try writer.upsert(Question(id: QuestionID(id), title: "问题\(id)", askerID: random.chance(0.2) ? nil : UserID(random.int(1...12)),
                                           isAnonymous: random.chance(0.2), addTime: time(), updateTime: time(),
                                           topicIDs: (0..<random.int(0...3)).map { _ in TopicID(random.int(1...5)) }))
            }
            for id in 1...150 {
                let anonymous = random.chance(0.2)
                try writer.upsert(Answer(id: AnswerID(id), questionID: QuestionID(random.chance(0.1) ? 900 + id : random.int(1...60)),
                                         authorID: anonymous || random.chance(0.1) ? nil : UserID(random.int(1...12)), isAnonymous: anonymous,
                                         contentHTML: "<p>回答\(id)</p>", addTime: random.chance(0.2) ? nil : time()))
            }
            for id in 1...6 {
                try writer.upsert(Article(id: ArticleID(id), authorID: UserID(random.int(1...12)), title: "文章\(id)", messageHTML: "",
                                          addTime: time(), topicIDs: [TopicID(random.int(1...5))]))
            }
        }
    }

    /// Everything the lookups say, in one list of lines to compare.
    private static func answers(of lookup: ArchiveLookup) -> [String] {
        let content = lookup.content
        var lines: [String] = []
        for id in 0...1000 {
            lines.append("q\(id) \(lookup.questionsByID[QuestionID(id)]?.id.rawValue ?? -1) a\(lookup.questionOfAnswer[AnswerID(id)]?.rawValue ?? -1)")
            lines.append("u\(id) \(lookup.usersByID[UserID(id)]?.id.rawValue ?? -1) t\(lookup.topicsByID[TopicID(id)]?.id.rawValue ?? -1) "
                         + "p\(lookup.articlesByID[ArticleID(id)]?.id.rawValue ?? -1)")
            lines.append("asked by \(id): \(lookup.questionsByAsker[UserID(id)].map(\.id.rawValue))")
            lines.append("answered by \(id): \(lookup.answersByAuthor[UserID(id)].map { [$0.id.rawValue, $0.questionID.rawValue] })")
            lines.append("in topic \(id): \(lookup.questionsByTopic[TopicID(id)].map(\.id.rawValue))")
        }
        lines.append("owners \(Array(lookup.questionsByAsker.keys)) \(Array(lookup.answersByAuthor.keys)) \(Array(lookup.questionsByTopic.keys))")
        lines.append("unanswered \(lookup.unansweredQuestions.map(\.id.rawValue)) of \(content.questions.count)")
        return lines
    }

    @Test("Lookups taken from the kept file answer as lookups made, whatever order the answer lists lie in", arguments: [1, 7, 2026] as [UInt64])
    func keptAnswerAsMade(seed: UInt64) throws {
        let site = try FixtureSite()
        defer { site.remove() }
        try Self.write(site.store, seed: seed)
        let content = try ArchiveContent.read(from: site.store, fallbackSource: nil).withoutRawBodies()
        let folder = site.root.appendingPathComponent("lookups")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let expected = Self.answers(of: ArchiveLookup(content))
        #expect(expected.contains { $0.hasPrefix("answered by") && $0.contains("[[") }, "the archive has authored answers")

        let made = ArchiveLookup(content, keptIn: folder)
        #expect(!made.tookKept)
        #expect(Self.answers(of: made) == expected)
        let taken = ArchiveLookup(content, keptIn: folder)
        #expect(taken.tookKept)
        #expect(Self.answers(of: taken) == expected)

        // The same archive with its answer lists in a dictionary of another size: they are
        // iterated in another order, as they are in another process (hashing is seeded per
        // process). Places kept from the first order still point at the same answers.
        var reordered = content
        var lists = [QuestionID: [Answer]](minimumCapacity: content.answers.count * 8)
        for (question, answers) in content.answers.sorted(by: { $0.key > $1.key }) { lists[question] = answers }
        reordered.answers = lists
        #expect(Array(reordered.answers.keys) != Array(content.answers.keys), "the lists are iterated in another order")
        let retaken = ArchiveLookup(reordered, keptIn: folder)
        #expect(retaken.tookKept)
        #expect(Self.answers(of: retaken) == expected)
    }

    @Test("Edits that move nothing (a title, votes and a body, a name) take the kept lookups; a new answer, an author, a time or a topic makes them anew")
    func layoutDecidesWhetherTaken() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let edits: [(String, Bool, (StoreWriter) throws -> Void)] = [
            ("a title", true, { writer in
                var question = try #require(try writer.reader.question(100))
                question.title += "（已编辑）"
                try writer.upsert(question)
            }),
            ("a new answer", false, { writer in
                try writer.upsert(Answer(id: AnswerID(1009), questionID: QuestionID(101), authorID: UserID(1), contentHTML: "<p>新回答</p>",
                                         addTime: Date(timeIntervalSince1970: 1_440_000_000)))
            }),
            ("an answer's votes and body", true, { writer in
                var answer = try #require(try writer.reader.answer(1009))
                (answer.agreeCount, answer.contentHTML) = (7, "<p>改过的回答</p>")
                try writer.upsert(answer)
            }),
            ("an answer's author", false, { writer in
                var answer = try #require(try writer.reader.answer(1009))
                answer.authorID = UserID(2)
                try writer.upsert(answer)
            }),
            ("a question's time", false, { writer in
                var question = try #require(try writer.reader.question(102))
                question.addTime = Date(timeIntervalSince1970: 1_300_000_000)
                try writer.upsert(question)
            }),
            ("a question's topics", false, { writer in
                var question = try #require(try writer.reader.question(102))
                question.topicIDs = [TopicID(11)]
                try writer.upsert(question)
            }),
            ("a user's name", true, { writer in
                var user = try #require(try writer.reader.user(2))
                user.nickName = "改名"
                try writer.upsert(user)
            }),
        ]
        for (round, (what, taken, edit)) in edits.enumerated() {
            try site.store.write(edit)
            let summary = try site.build()
            #expect(summary.lookupsKept == taken, "after \(what)")
            #expect(FixtureSite.differing(try site.buildAfresh(named: "full-\(round)").files, try site.outputFiles()).isEmpty, "after \(what)")
        }
    }

    @Test("A damaged or cut file is not taken: the lookups are made, the output is a full build's, and the file is made anew")
    func damagedFileIsNotTaken() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let file = site.storeFolder.appendingPathComponent(KeptLookups.fileName)
        let whole = try Data(contentsOf: file)
        var flipped = whole
        flipped[flipped.count / 2] ^= 0x40
        // A byte changed, a word cut (sealed no more), a byte cut (not whole words), nothing.
        for (round, damaged) in [flipped, whole.prefix(whole.count - 8), whole.prefix(whole.count - 9), Data()].enumerated() {
            try damaged.write(to: file)
            try site.store.write { writer in
                var question = try #require(try writer.reader.question(100))
                question.title = "第\(round)次改的标题"
                try writer.upsert(question)
            }
            #expect(!(try site.build()).lookupsKept, "round \(round)")
            #expect(FixtureSite.differing(try site.buildAfresh(named: "full-\(round)").files, try site.outputFiles()).isEmpty)
            #expect(try Data(contentsOf: file) == whole, "made anew, as it was")
        }
    }

    @Test("Kept lookups whose places do not fit the archive's tables are not taken")
    func lookupsOfAnotherArchiveAreRefused() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        try Self.write(site.store, seed: 3)
        let larger = try ArchiveContent.read(from: site.store, fallbackSource: nil).withoutRawBodies()
        var smaller = larger
        smaller.questions.removeLast(10)
        smaller.users.removeLast(3)
        let (largerLists, smallerLists) = (LookupLayout.answerLists(of: larger), LookupLayout.answerLists(of: smaller))
        let kept = KeptLookups(layout: LookupLayout.digest(of: larger, answerLists: largerLists),
                               made: WholeArchiveLookups(larger, answerLists: largerLists))
        #expect(kept.made(for: larger, answerLists: largerLists) != nil)
        #expect(kept.made(for: smaller, answerLists: smallerLists) == nil)
        #expect(LookupLayout.digest(of: smaller, answerLists: smallerLists) != LookupLayout.digest(of: larger, answerLists: largerLists))
    }
}
