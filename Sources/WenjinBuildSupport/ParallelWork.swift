import Dispatch
import Foundation
import Synchronization

/// Runs independent pieces of work on every core and collects results in input order.
///
/// Uses Dispatch rather than Swift concurrency because the work is CPU-bound and synchronous
/// (libxml2, template rendering, file writes); the first error thrown wins.
/// Inlinable, so it is specialized for each caller's types: called across modules as an
/// unspecialized generic, it copied every element through value witnesses.
package enum ParallelWork {
    @inlinable package static func map<Input: Sendable, Output: Sendable, Failure: Error>(
        _ inputs: [Input], _ transform: @Sendable (Input) throws(Failure) -> Output
    ) throws(Failure) -> [Output] {
        guard !inputs.isEmpty else { return [] }
        let chunkCount = min(inputs.count, max(1, ProcessInfo.processInfo.activeProcessorCount) * 8)
        let chunkSize = (inputs.count + chunkCount - 1) / chunkCount
        let results = Mutex<[Int: [Output]]>([:])
        let failure = Mutex<Failure?>(nil)
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let start = min(inputs.count, chunk * chunkSize)
            let range = start..<min(inputs.count, start + chunkSize)
            guard !range.isEmpty, failure.withLock({ $0 == nil }) else { return }
            do throws(Failure) {
                var outputs: [Output] = []
                outputs.reserveCapacity(range.count)
                for index in range { outputs.append(try transform(inputs[index])) }
                results.withLock { $0[chunk] = outputs }
            } catch {
                failure.withLock { if $0 == nil { $0 = error } }
            }
        }
        if let error = failure.withLock({ $0 }) { throw error }
        return results.withLock { parts in (0..<chunkCount).flatMap { parts[$0] ?? [] } }
    }
}
