import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Runs one URLSession data task so that cancelling the awaiting Swift task cannot deadlock.
///
/// On Linux (swift-corelibs-foundation in 6.3.1), cancelling a task awaiting `session.data(for:)`
/// while the response completes hangs the process: a lock inversion between
/// `URLSessionTask.cancel` and the continuation's resume (platform-notes §2, upstream #5412).
/// The workaround: a completion-handler task inside a checked continuation, and cancellation
/// sent from another queue, never from the cancelling thread.
enum CancellableDataTask {
    /// The task, shared between the request and its cancellation handler.
    private final class Slot: Sendable {
        private struct State {
            var task: URLSessionDataTask?
            var cancelled = false
        }

        private let state = Mutex(State())

        func install(_ task: URLSessionDataTask) {
            let cancelNow = state.withLock { state in
                state.task = task
                return state.cancelled
            }
            if cancelNow { Self.cancelLater(task) }
        }

        func cancel() {
            let task = state.withLock { state in
                state.cancelled = true
                return state.task
            }
            if let task { Self.cancelLater(task) }
        }

        private static func cancelLater(_ task: URLSessionDataTask) {
            DispatchQueue.global().async { task.cancel() }
        }
    }

    static func run(_ request: URLRequest, on session: URLSession) async throws(APIError) -> (Data, HTTPURLResponse) {
        let slot = Slot()
        let url = request.url?.absoluteString
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) in
                    let task = session.dataTask(with: request) { data, response, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else if let response = response as? HTTPURLResponse {
                            continuation.resume(returning: (data ?? Data(), response))
                        } else {
                            continuation.resume(throwing: URLError(.badServerResponse))
                        }
                    }
                    slot.install(task)
                    task.resume()
                }
            } onCancel: {
                slot.cancel()
            }
        } catch let error as URLError {
            switch error.code {
            case .cancelled: throw APIError(.cancelled, url: url)
            case .timedOut: throw APIError(.timedOut, url: url)
            default: throw APIError(.transport("URLError \(error.code.rawValue): \(error.localizedDescription)"), url: url)
            }
        } catch {
            throw APIError(.transport(String(describing: error)), url: url)
        }
    }
}
