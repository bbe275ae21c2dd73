import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

@Suite struct TransactionTests {
    struct Interrupted: Error {}

    @Test func aWriteThatThrowsLeavesNothingBehind() throws {
        let folder = try TemporaryFolder()
        let store = try Store.open(at: folder.storeURL)
        #expect(throws: Interrupted.self) {
            try store.write { writer in
                try writer.upsert(Fixtures.question)
                try writer.upsert(Fixtures.answer)
                try writer.setMeta(.sourceURL, "http://127.0.0.1:8000/")
                try writer.enqueue(CrawlTask(kind: "question", key: "3521"))
                throw Interrupted()
            }
        }
        let reopened = try Store.open(at: folder.storeURL)
        #expect(try reopened.counts() == StoreCounts())
        #expect(try reopened.read { try $0.meta(.sourceURL) } == nil)
        #expect(try reopened.read { try $0.queueSummary() }.isEmpty)
    }

    @Test func aFailedEditRollsBackItsRevisionToo() throws {
        let store = try Store.inMemory()
        try store.write { try $0.upsert(Fixtures.question) }
        var edited = Fixtures.question
        edited.title = "改过的标题"
        #expect(throws: Interrupted.self) {
            try store.write { writer in
                try writer.upsert(edited)
                throw Interrupted()
            }
        }
        #expect(try store.read { try $0.question(3521) } == Fixtures.question)
        #expect(try store.read { try $0.revisionCount() } == 0)
    }

    @Test func aSQLiteErrorNamesTheStatementAndTheStore() throws {
        let folder = try TemporaryFolder()
        let store = try Store.open(at: folder.storeURL)
        let error = #expect(throws: StoreError.self) {
            try store.write { try $0.connection.run("INSERT INTO no_such_table VALUES (1)") }
        }
        #expect(error?.sql == "INSERT INTO no_such_table VALUES (1)")
        #expect(error?.message?.contains("no such table") == true)
        #expect(error?.description.contains(folder.storeURL.path) == true)
        #expect(error?.reason == .sqlite(code: 1))
        // The store stays usable after the failed write.
        try store.write { try $0.upsert(Fixtures.user) }
        #expect(try store.counts().users == 1)
    }

    @Test func writesFromManyTasksAreAllKept() async throws {
        let store = try Store.inMemory()
        try await withThrowingTaskGroup(of: UpsertOutcome.self) { group in
            for id in 1...20 {
                group.addTask {
                    try store.write { try $0.upsert(User(id: UserID(id), userName: "u\(id)")) }
                }
            }
            for try await outcome in group {
                #expect(outcome == .inserted)
            }
        }
        #expect(try store.counts().users == 20)
    }
}
