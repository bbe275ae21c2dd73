import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The one long-lived URLSession and the delegate that holds each request to its limits.
///
/// A delegate, not completion handlers, because only a delegate sees the head before the body
/// (to refuse a coded or over-long body), each piece of the body as it arrives (to stop at the
/// cap), and each redirect before it is followed (to refuse one that leaves the origin). The
/// caller awaits a checked continuation that `Transfer` resumes once; cancelling the Swift task
/// cancels the URLSession task from another queue, never from the cancelling thread
/// (docs/design.md#urlsession: cancelling `session.data(for:)` deadlocks on Linux).
final class TransferSession: Sendable {
    private let session: URLSession
    private let delegate: TransferDelegate

    init(configuration: URLSessionConfiguration) {
        delegate = TransferDelegate()
        session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    }

    deinit { session.finishTasksAndInvalidate() }

    func run(_ request: URLRequest, limits: TransferLimits) async throws(APIError) -> (Data, HTTPURLResponse) {
        let transfer = Transfer(url: request.url, limits: limits)
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let task = session.dataTask(with: request)
                    delegate.register(transfer, for: task)
                    transfer.start(task, resuming: continuation)
                }
            } onCancel: {
                transfer.fail(APIError(.cancelled, url: transfer.url))
            }
        } catch let error as APIError {
            throw error
        } catch {
            throw Transfer.apiError(error, url: transfer.url)
        }
    }
}

/// Routes the session's callbacks to the `Transfer` of each task.
private final class TransferDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let transfers = Mutex<[Int: Transfer]>([:])

    func register(_ transfer: Transfer, for task: URLSessionTask) {
        transfers.withLock { $0[task.taskIdentifier] = transfer }
    }

    private func transfer(of task: URLSessionTask) -> Transfer? {
        transfers.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        if let transfer = transfer(of: dataTask), let response = response as? HTTPURLResponse {
            _ = transfer.accepts(response)  // a refused head ends the transfer and cancels the task
        }
        // Always `.allow`: libcurl keeps reading while the disposition is pending or refused,
        // buffering the inflated body of a paused transfer (a gzip bomb took 1.1 GB that way);
        // allowed, the bytes reach `Transfer`, which drops them until the cancel lands.
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        transfer(of: dataTask)?.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void) {
        // Refusing makes the 3xx the final response; `Transfer` then fails with where it pointed.
        let allowed = transfer(of: task)?.allowsRedirect(to: request.url) ?? false
        completionHandler(allowed ? request : nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let transfer = transfers.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        transfer?.complete(response: task.response, error: error)
    }
}
