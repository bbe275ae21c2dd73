import Dispatch
import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

/// Two connections to one file, as when `wenjin build` reads while `wenjin crawl` writes.
@Suite struct ConcurrentAccessTests {
    @Test(.timeLimit(.minutes(20)))
    func aSecondConnectionReadsTheCommittedSnapshotAndWaitsToWrite() throws {
        let folder = try TemporaryFolder()
        let crawl = try Store.open(at: folder.storeURL)
        let build = try Store.open(at: folder.storeURL)
        let writing = DispatchSemaphore(value: 0)
        let committed = DispatchSemaphore(value: 0)

        DispatchQueue.global().async {
            _ = try? crawl.write { writer in
                try writer.upsert(User(id: 1, userName: "first"))
                writing.signal()
                Thread.sleep(forTimeInterval: 0.3)
            }
            committed.signal()
        }
        #expect(writing.wait(timeout: .now() + 10) == .success)

        // The uncommitted user is invisible to the other connection.
        #expect(try build.read { try $0.user(1) } == nil)
        // Writing waits for the first transaction (busy timeout) instead of failing with SQLITE_BUSY.
        try build.write { try $0.upsert(User(id: 2, userName: "second")) }

        #expect(committed.wait(timeout: .now() + 10) == .success)
        #expect(try build.read { try $0.users().map(\.userName) } == ["first", "second"])
    }
}
