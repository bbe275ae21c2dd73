import Dispatch
import Synchronization

/// Three independent pieces of work run at once: each is mostly one thread's work (reading and
/// decoding a state file, filling dictionaries), so one after the other they leave a core idle.
enum SideBySide {
    static func run<A: Sendable, B: Sendable, C: Sendable>(
        _ first: @Sendable () -> A, _ second: @Sendable () -> B, _ third: @Sendable () -> C
    ) -> (A, B, C) {
        let results = Mutex<(A?, B?, C?)>((nil, nil, nil))
        DispatchQueue.concurrentPerform(iterations: 3) { part in
            switch part {
            case 0: let value = first(); results.withLock { $0.0 = value }
            case 1: let value = second(); results.withLock { $0.1 = value }
            default: let value = third(); results.withLock { $0.2 = value }
            }
        }
        return results.withLock { ($0.0!, $0.1!, $0.2!) }
    }
}
