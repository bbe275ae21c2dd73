import Synchronization

/// The outcome of the latest rebuild, shared by the watcher that rebuilds and the connections
/// that serve pages and event streams.
final class BuildStatus: Sendable {
    struct Snapshot: Sendable {
        /// Counts finished rebuilds, failed ones included: every one is announced to the pages.
        var generation = 0
        /// Why the latest rebuild failed; nil once one succeeds.
        var error: String?
    }

    private let state = Mutex(Snapshot())

    var snapshot: Snapshot { state.withLock { $0 } }

    func record(error: String?) {
        state.withLock { state in
            state.generation += 1
            state.error = error
        }
    }
}
