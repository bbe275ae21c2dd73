import Foundation
import Testing
@testable import WenjinStore

@Suite struct CrawlQueueTests {
    let store: Store
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    init() throws { store = try Store.inMemory() }

    private func task(_ key: String, _ kind: CrawlTask.Kind = "question") -> CrawlTask {
        CrawlTask(kind: kind, key: key)
    }

    @Test func enqueuingATaskTwiceKeepsOne() throws {
        let added = try store.write { [try $0.enqueue(task("1")), try $0.enqueue(task("1")),
                                       try $0.enqueue(task("1", "answer"))] }
        #expect(added == [true, false, true])
        #expect(try store.read { try $0.queueSummary() } == [.pending: 2])
    }

    @Test func dueTasksComeByPriorityThenInOrderAndAreNotHandedOutTwice() throws {
        try store.write { writer in
            try writer.enqueue(task("low"), priority: 0)
            try writer.enqueue(task("high"), priority: 5)
            try writer.enqueue(task("low2"), priority: 0)
        }
        let first = try store.write { try $0.takeDue(limit: 2, now: now) }
        #expect(first.map(\.task.key) == ["high", "low"])
        #expect(first.map(\.attempts) == [0, 0])
        let second = try store.write { try $0.takeDue(limit: 10, now: now) }
        #expect(second.map(\.task.key) == ["low2"])
        #expect(try store.write { try $0.takeDue(limit: 10, now: now) }.isEmpty)
        #expect(try store.read { try $0.queueSummary() } == [.running: 3])
    }

    @Test func aFailedTaskWaitsForItsBackoffThenComesBackWithItsError() throws {
        try store.write { try $0.enqueue(task("1")) }
        _ = try store.write { try $0.takeDue(limit: 1, now: now) }
        try store.write { try $0.markFailed(task("1"), error: "HTTP 503", retryAt: now + 30) }

        #expect(try store.write { try $0.takeDue(limit: 1, now: now + 29) }.isEmpty)
        #expect(try store.read { try $0.nextAttemptTime() } == now + 30)
        let retried = try store.write { try $0.takeDue(limit: 1, now: now + 30) }
        #expect(retried == [DueTask(task: task("1"), priority: 0, attempts: 1, lastError: "HTTP 503")])
    }

    @Test func aTaskFailedForGoodAndADoneTaskAreNeverHandedOutAgain() throws {
        try store.write { writer in
            try writer.enqueue(task("gone"))
            try writer.enqueue(task("ok"))
        }
        _ = try store.write { try $0.takeDue(limit: 2, now: now) }
        try store.write { writer in
            try writer.markFailed(task("gone"), error: "HTTP 404", retryAt: nil)
            try writer.markDone(task("ok"))
        }
        #expect(try store.write { try $0.takeDue(limit: 10, now: now + 86_400) }.isEmpty)
        #expect(try store.read { try $0.queueSummary() } == [.failed: 1, .done: 1])
        #expect(try store.read { try $0.state(of: task("gone")) } == .failed)
        #expect(try store.read { try $0.nextAttemptTime() } == nil)
    }

    @Test func tasksAKilledCrawlLeftRunningAreRequeuedOnResume() throws {
        let folder = try TemporaryFolder()
        let crawl = try Store.open(at: folder.storeURL)
        try crawl.write { writer in
            try writer.enqueue(task("1"))
            try writer.enqueue(task("2"))
        }
        _ = try crawl.write { try $0.takeDue(limit: 2, now: now) }
        try crawl.write { try $0.markDone(task("1")) }

        let resumed = try Store.open(at: folder.storeURL)
        #expect(try resumed.write { try $0.requeueInterrupted() } == 1)
        #expect(try resumed.write { try $0.takeDue(limit: 10, now: now) }.map(\.task.key) == ["2"])
    }

    @Test func requeuingADoneTaskMakesItDueAgainWithFreshAttempts() throws {
        try store.write { try $0.enqueue(task("page-1", "explore")) }
        _ = try store.write { try $0.takeDue(limit: 1, now: now) }
        try store.write { try $0.markFailed(task("page-1", "explore"), error: "timeout", retryAt: nil) }
        try store.write { try $0.requeue(task("page-1", "explore"), priority: 3) }
        let due = try store.write { try $0.takeDue(limit: 1, now: now) }
        #expect(due == [DueTask(task: task("page-1", "explore"), priority: 3, attempts: 0, lastError: nil)])
    }
}
