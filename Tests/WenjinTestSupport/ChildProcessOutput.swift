import Foundation

/// Waiting for a child process (Chromium, tidy, the built binary) without holding a thread of
/// Swift's cooperative pool: the pool has one thread per core, two on the project's machine, so
/// a test blocked there in a read holds back every other test of the parallel run.
package enum ChildProcessOutput {
    /// Everything `pipe` delivers until the process closes it, once `process` has ended; the
    /// blocking read and wait happen on a thread of their own.
    package static func read(_ pipe: Pipe, of process: Process) async -> Data {
        let handle = pipe.fileHandleForReading
        return await withCheckedContinuation { continuation in
            Thread {
                let data = handle.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(returning: data)
            }.start()
        }
    }

    /// Returns once `process` has ended; the wait happens on a thread of its own.
    package static func exit(of process: Process) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            Thread {
                process.waitUntilExit()
                continuation.resume()
            }.start()
        }
    }
}
