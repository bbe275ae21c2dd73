import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Waiting for Ctrl-C or `kill`: long-running commands (servers, crawls) return from `wait()` on
/// SIGINT or SIGTERM and shut down cleanly instead of being killed mid-write.
///
/// One signal source per signal serves the whole process (on Linux a second source for the same
/// signal never hears it), and a signal wakes every waiter at that moment. A waiting task that is
/// cancelled returns too, so a crawl's Ctrl-C watcher does not outlive the crawl.
///
/// Once the sources are installed the signals' default action is off, so a signal that arrives
/// while nobody waits (`wenjin demo` building between its crawl and its preview) is kept: every
/// later `wait()` returns at once and `requested` tells a command to stop at its next step.
enum Interruption {
    /// Whether SIGINT or SIGTERM has arrived since the sources were installed.
    static var requested: Bool { Waiters.signalled }

    static func wait() async {
        Installation.once()
        let id = Waiters.nextID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                Waiters.add(id, continuation, cancelled: Task.isCancelled)
            }
        } onCancel: {
            Waiters.resume(id)
        }
    }

    /// The signal sources, made on first use and kept for the life of the process.
    private enum Installation {
        nonisolated(unsafe) private static let installed: [DispatchSourceSignal] = {
            let queue = DispatchQueue(label: "wenjin.signals")
            return [SIGINT, SIGTERM].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler { Waiters.resumeAll() }
                source.resume()
                return source
            }
        }()

        static func once() { _ = installed }
    }

    /// The tasks waiting now, by id; each is resumed exactly once.
    private enum Waiters {
        private static let state = Mutex<(next: Int, waiting: [Int: CheckedContinuation<Void, Never>], early: Set<Int>,
                                          signalled: Bool)>((0, [:], [], false))

        static func nextID() -> Int { state.withLock { $0.next += 1; return $0.next } }

        static var signalled: Bool { state.withLock { $0.signalled } }

        /// A waiter cancelled before it was added (or already cancelled), or added after a signal,
        /// is resumed at once.
        static func add(_ id: Int, _ continuation: CheckedContinuation<Void, Never>, cancelled: Bool) {
            let resumeNow = state.withLock { state -> Bool in
                if cancelled || state.signalled || state.early.remove(id) != nil { return true }
                state.waiting[id] = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }

        static func resume(_ id: Int) {
            let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
                guard let continuation = state.waiting.removeValue(forKey: id) else {
                    state.early.insert(id)
                    return nil
                }
                return continuation
            }
            continuation?.resume()
        }

        static func resumeAll() {
            let all = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.signalled = true
                defer { state.waiting.removeAll() }
                return Array(state.waiting.values)
            }
            for continuation in all { continuation.resume() }
        }
    }
}
