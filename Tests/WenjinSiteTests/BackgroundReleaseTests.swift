import Dispatch
import Foundation
import Synchronization
import Testing
@testable import WenjinSite

/// `BackgroundRelease`: the archive a build held is freed on another thread, and freed all the
/// same (the preview server builds again and again in one process).
@Suite("Background release")
struct BackgroundReleaseTests {
    /// Signals when it is freed, with whether the thread that froze it was the one that made it.
    private final class Tracked: Sendable {
        let maker = pthread_self()
        let freed: DispatchSemaphore
        let onMakersThread: Mutex<Bool?>

        init(freed: DispatchSemaphore, onMakersThread: Mutex<Bool?>) {
            self.freed = freed
            self.onMakersThread = onMakersThread
        }

        deinit {
            let same = pthread_equal(maker, pthread_self()) != 0
            onMakersThread.withLock { $0 = same }
            freed.signal()
        }
    }

    @Test("A value handed over is freed, on a thread other than the caller's")
    func freedElsewhere() {
        let freed = DispatchSemaphore(value: 0)
        let onMakersThread = Mutex<Bool?>(nil)
        BackgroundRelease.drop(Tracked(freed: freed, onMakersThread: onMakersThread))
        #expect(freed.wait(timeout: .now() + 30) == .success)
        #expect(onMakersThread.withLock { $0 } == false)
    }
}
