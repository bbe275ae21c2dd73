import Dispatch
import Foundation

/// Independent pieces of work run at once (three, or two): each is mostly one thread's work (reading and
/// decoding a state file, filling dictionaries, reading the store on a connection of its own), so one
/// after the other they leave a core idle.
///
/// The first runs on the caller's thread, the other two on threads of their own, not in a
/// `concurrentPerform`: libdispatch runs an apply nested in another serially when the cores are
/// fewer than the outer apply's iterations (two cores here), so every `ParallelWork` and the
/// store's two-connection read inside a piece ran on one core.
package enum SideBySide {
    package static func run<A: Sendable, B: Sendable, C: Sendable>(
        _ first: @Sendable () -> A, _ second: @Sendable () -> B, _ third: @Sendable () -> C
    ) -> (A, B, C) {
        withoutActuallyEscaping(second) { second in
            withoutActuallyEscaping(third) { third in
                let (b, c) = (OwnThread(second), OwnThread(third))
                let a = first()
                return (a, b.joined(), c.joined())
            }
        }
    }

    /// Two pieces: the first on the caller's thread, the second on a thread of its own.
    package static func run<A: Sendable, B: Sendable>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
        withoutActuallyEscaping(second) { second in
            let b = OwnThread(second)
            let a = first()
            return (a, b.joined())
        }
    }

    /// One piece on a thread of its own; `joined` waits for its value.
    private final class OwnThread<Value: Sendable>: @unchecked Sendable {
        // Unchecked: the thread takes `work` once and sets `value` before it signals `done`; the
        // caller reads `value` only after waiting on `done`.
        private var work: (@Sendable () -> Value)?
        private var value: Value?
        private let done = DispatchSemaphore(value: 0)

        init(_ work: @escaping @Sendable () -> Value) {
            self.work = work
            Thread { [self] in
                perform()
                done.signal()
            }.start()
        }

        /// Runs the work and lets go of it before `done` is signalled: the caller's
        /// `withoutActuallyEscaping` checks that nothing holds the closure once it is joined.
        private func perform() {
            let job = work.take()
            value = job?()
        }

        func joined() -> Value {
            done.wait()
            return value.take()!
        }
    }
}
