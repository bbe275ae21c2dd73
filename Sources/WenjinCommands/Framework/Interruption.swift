import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Waiting for Ctrl-C or `kill`: long-running commands (servers) return from `wait()` on SIGINT or
/// SIGTERM and shut down cleanly instead of being killed mid-write.
enum Interruption {
    static func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let queue = DispatchQueue(label: "wenjin.signals")
            let once = OnceFlag()
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler {
                    if once.claim() { continuation.resume() }
                }
                source.resume()
                Retained.sources.append(source)
            }
        }
    }

    /// Signal sources must outlive the wait; they live for the process.
    private enum Retained {
        nonisolated(unsafe) static var sources: [DispatchSourceSignal] = []
    }
}

private final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if claimed { return false }
        claimed = true
        return true
    }
}
