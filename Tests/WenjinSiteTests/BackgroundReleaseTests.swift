import Dispatch
import Foundation
import Synchronization
import Testing
@testable import WenjinSite

/// `BackgroundRelease`: the archive a build held is freed on another thread, and freed all the
/// same (the preview server builds again and again in one process).
@Suite("Background release")
struct BackgroundReleaseTests {
    /// When a `Tracked` was freed, and whether on the thread that made it.
    private final class Report: Sendable {
        let freed = DispatchSemaphore(value: 0)
        let onMakersThread = Mutex<Bool?>(nil)
    }

    private final class Tracked: Sendable {
        let maker = pthread_self()
        let report: Report

        init(report: Report) { self.report = report }

        deinit {
            let same = pthread_equal(maker, pthread_self()) != 0
            report.onMakersThread.withLock { $0 = same }
            report.freed.signal()
        }
    }

    @Test("A value handed over is freed, on a thread other than the caller's")
    func freedElsewhere() {
        let report = Report()
        BackgroundRelease.drop(Tracked(report: report))
        #expect(report.freed.wait(timeout: .now() + 30) == .success)
        #expect(report.onMakersThread.withLock { $0 } == false)
    }
}
