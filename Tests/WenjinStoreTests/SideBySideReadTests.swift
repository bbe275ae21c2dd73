import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

/// `Store.readSideBySide`: a build reads the store on two connections at once, and must still
/// see one state of the archive.
@Suite("Side-by-side reads")
struct SideBySideReadTests {
    /// A store file with two questions, three answers and a comment.
    private func filledStore(in folder: TemporaryFolder) throws -> Store {
        let store = try Store.open(at: folder.storeURL)
        try store.write { writer in
            try writer.upsert(Fixtures.user)
            try writer.upsert(Fixtures.question)
            var second = Fixtures.question
            second.id = 3522
            second.title = "第二个问题"
            try writer.upsert(second)
            try writer.upsert(Fixtures.answer)
            try writer.upsert(Fixtures.anonymousAnswer)
            var third = Fixtures.answer
            third.id = 10890
            third.questionID = 3522
            try writer.upsert(third)
            try writer.upsert(Fixtures.comment)
        }
        return store
    }

    @Test("Two readers side by side read what one reader reads")
    func sameAsOneReader() throws {
        let folder = try TemporaryFolder()
        let store = try filledStore(in: folder)
        let (questions, answers) = try store.readSideBySide({ try $0.questions() }, { try $0.answersByQuestion() })
        let (alone, answersAlone) = try store.read { reader in (try reader.questions(), try reader.answersByQuestion()) }
        #expect(questions == alone)
        #expect(answers == answersAlone)
        #expect(answers[QuestionID(3521)]?.map(\.id.rawValue).sorted() == [10873, 10880])
        #expect(answers[QuestionID(3522)]?.map(\.id.rawValue) == [10890])
    }

    @Test("A write committed by another process while the two read is seen by neither")
    func oneSnapshotForBoth() throws {
        let folder = try TemporaryFolder()
        let store = try filledStore(in: folder)
        let crawl = try Store.open(at: folder.storeURL)
        let (before, after) = try store.readSideBySide({ reader in
            let before = try reader.answersByQuestion()
            var late = Fixtures.answer
            late.id = 10999
            try crawl.write { try $0.upsert(late) }
            return (before, try reader.answersByQuestion())
        }, { try $0.answersByQuestion() })
        #expect(before.0 == before.1)
        #expect(after == before.0)
        #expect(!after.values.joined().contains { $0.id == AnswerID(10999) })
        // The write was committed: the next read sees it.
        #expect(try store.read { try $0.answer(AnswerID(10999)) } != nil)
    }

    @Test("An in-memory store, which has no second connection, reads both parts in one transaction")
    func inMemoryStore() throws {
        let store = try Store.inMemory()
        try store.write { try $0.upsert(Fixtures.question) }
        let (questions, counts) = try store.readSideBySide({ try $0.questions() }, { try $0.counts() })
        #expect(questions.map(\.id) == [Fixtures.question.id])
        #expect(counts.questions == 1)
    }

    @Test("An error thrown by either part reaches the caller as it was thrown")
    func errorsPassThrough() throws {
        struct Refused: Error, Equatable {}
        let folder = try TemporaryFolder()
        let store = try filledStore(in: folder)
        #expect(throws: Refused()) { try store.readSideBySide({ _ in 1 }, { _ -> Int in throw Refused() }) }
        // Both transactions ended: the store reads and writes again.
        try store.write { try $0.upsert(Fixtures.topic) }
        let (topics, users) = try store.readSideBySide({ try $0.topics().count }, { try $0.users().count })
        #expect(topics == 1)
        #expect(users == 1)
    }
}
