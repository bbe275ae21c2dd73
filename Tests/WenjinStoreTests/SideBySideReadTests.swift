import Dispatch
import Foundation
import Synchronization
import Testing
import WenjinModel
@testable import WenjinStore

/// `Store.readSideBySide`: a build reads the store on three connections at once, and must still
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

    @Test("Three readers side by side read what one reader reads")
    func sameAsOneReader() throws {
        let folder = try TemporaryFolder()
        let store = try filledStore(in: folder)
        let (questions, answers, comments) = try store.readSideBySide({ try $0.questions() }, { try $0.answersByQuestion() },
                                                                      { try $0.commentsByAnswer() })
        let alone = try store.read { reader in (try reader.questions(), try reader.answersByQuestion(), try reader.commentsByAnswer()) }
        #expect(questions == alone.0)
        #expect(answers == alone.1)
        #expect(comments == alone.2)
        #expect(answers[QuestionID(3521)]?.map(\.id.rawValue).sorted() == [10873, 10880])
        #expect(answers[QuestionID(3522)]?.map(\.id.rawValue) == [10890])
        #expect(comments[AnswerID(10873)]?.map(\.id) == [Fixtures.comment.id])
    }

    @Test("The three parts run at the same time, each on its own connection: each waits for the other two")
    func partsRunAtOnce() throws {
        let folder = try TemporaryFolder()
        let store = try filledStore(in: folder)
        let arrived = Arrivals()
        // Each part arrives and waits for the two others: one after the other, the first would wait in vain.
        let meet: @Sendable (StoreReader) throws -> Bool = { reader in
            arrived.count.add(1, ordering: .relaxed)
            let deadline = DispatchTime.now() + 10
            while arrived.count.load(ordering: .relaxed) < 3 && DispatchTime.now() < deadline { usleep(1_000) }
            let questions = try reader.questions().count
            return arrived.count.load(ordering: .relaxed) == 3 && questions == 2
        }
        let (a, b, c) = try store.readSideBySide(meet, meet, meet)
        #expect(a && b && c)
    }

    @Test("A write committed by another process while the three read is seen by none")
    func oneSnapshotForAll() throws {
        let folder = try TemporaryFolder()
        let store = try filledStore(in: folder)
        let crawl = try Store.open(at: folder.storeURL)
        let (before, after, third) = try store.readSideBySide({ reader in
            let before = try reader.answersByQuestion()
            var late = Fixtures.answer
            late.id = 10999
            try crawl.write { try $0.upsert(late) }
            return (before, try reader.answersByQuestion())
        }, { try $0.answersByQuestion() }, { try $0.answersByQuestion() })
        #expect(before.0 == before.1)
        #expect(after == before.0)
        #expect(third == before.0)
        #expect(!after.values.joined().contains { $0.id == AnswerID(10999) })
        // The write was committed: the next read sees it.
        #expect(try store.read { try $0.answer(AnswerID(10999)) } != nil)
    }

    @Test("A write that lands after the first part's snapshot and before the others' is seen by all three parts or by none")
    func writeWhileBeginning() throws {
        let folder = try TemporaryFolder()
        let store = try filledStore(in: folder)
        let crawl = try Store.open(at: folder.storeURL)
        var late = Fixtures.answer
        late.id = 10999
        let read: @Sendable (StoreReader) throws -> [AnswerID] = { try $0.answersByQuestion().values.joined().map(\.id).sorted() }
        let (a, b, c) = try store.readSideBySide(read, read, read, whileBeginning: {
            try crawl.write { writer in _ = try writer.upsert(late) }
        })
        #expect(a == b && b == c)
        #expect(a.contains(AnswerID(10999)), "read again in one transaction, after the write")
    }

    @Test("An in-memory store, which has no other connection, reads the three parts in one transaction")
    func inMemoryStore() throws {
        let store = try Store.inMemory()
        try store.write { try $0.upsert(Fixtures.question) }
        let (questions, counts, ids) = try store.readSideBySide({ try $0.questions() }, { try $0.counts() }, { try $0.questionIDs() })
        #expect(questions.map(\.id) == [Fixtures.question.id])
        #expect(counts.questions == 1)
        #expect(ids == [Fixtures.question.id])
    }

    @Test("An error thrown by any part reaches the caller as it was thrown")
    func errorsPassThrough() throws {
        struct Refused: Error, Equatable {}
        let folder = try TemporaryFolder()
        let store = try filledStore(in: folder)
        #expect(throws: Refused()) { try store.readSideBySide({ _ in 1 }, { _ -> Int in throw Refused() }, { _ in 3 }) }
        #expect(throws: Refused()) { try store.readSideBySide({ _ in 1 }, { _ in 2 }, { _ -> Int in throw Refused() }) }
        // Every transaction ended: the store reads and writes again.
        try store.write { try $0.upsert(Fixtures.topic) }
        let (topics, users, questions) = try store.readSideBySide({ try $0.topics().count }, { try $0.users().count },
                                                                  { try $0.questions().count })
        #expect(topics == 1)
        #expect(users == 1)
        #expect(questions == 2)
    }

    /// How many parts have arrived, shared by the parts' threads.
    private final class Arrivals: Sendable {
        let count = Atomic(0)
    }
}
