import Dispatch
import Synchronization

/// Work started on another thread now and waited for later: the build reads its state files
/// (the body ledger, the output's manifests) while the store is read on the calling thread,
/// which uses one core of two.
final class BackgroundWork<Value: Sendable>: Sendable {
    private let finished = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Value?>(nil)

    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            let value = work()
            self.outcome.withLock { $0 = value }
            self.finished.signal()
        }
    }

    /// The work's value, once it is done.
    func value() -> Value {
        finished.wait()
        finished.signal()
        return outcome.withLock { $0! }
    }
}
