import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One request in flight: the body received so far, the caller waiting for it, and the limits
/// it must stay within. Whatever ends it first — completion, the byte cap, the deadline, a
/// refused redirect, the caller's cancellation — resumes the caller exactly once; later events
/// are ignored and their bytes dropped.
final class Transfer: Sendable {
    private struct State {
        var body = Data()
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
        var task: URLSessionDataTask?
        var finished = false
        /// Where the server tried to send the request outside its origin.
        var refusedRedirect: String?
    }

    let url: String
    let origin: Origin?
    let limits: TransferLimits
    private let state = Mutex(State())

    init(url: URL?, limits: TransferLimits) {
        self.url = url?.absoluteString ?? ""
        origin = url.flatMap(Origin.init)
        self.limits = limits
    }

    /// Starts `task` for `continuation`, with the deadline running from now.
    func start(_ task: URLSessionDataTask, resuming continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>) {
        let alreadyFailed = state.withLock { state -> Bool in
            if state.finished { return true }
            state.continuation = continuation
            state.task = task
            return false
        }
        if alreadyFailed {
            continuation.resume(throwing: APIError(.cancelled, url: url))
            DispatchQueue.global().async { task.cancel() }  // completes it, so the delegate lets go
            return
        }
        task.resume()
        // Holds the transfer only weakly, so a finished one is gone long before its deadline.
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(limits.deadlineSeconds)) { [weak self] in
            guard let self else { return }
            self.fail(APIError(.deadlineExceeded(seconds: self.limits.deadlineSeconds), url: self.url))
        }
    }

    /// Whether a redirect to `target` stays within the requested origin; remembers it when not.
    func allowsRedirect(to target: URL?) -> Bool {
        if let target, let origin, Origin(target) == origin { return true }
        state.withLock { $0.refusedRedirect = target?.absoluteString ?? "(no Location)" }
        return false
    }

    /// Checks the head before any body byte is decoded; false when the transfer was ended.
    func accepts(_ response: HTTPURLResponse) -> Bool {
        let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased()
        if let encoding, !encoding.isEmpty, encoding != "identity" {
            // libcurl would inflate it with no bound before a byte reached us (a 1 MB gzip bomb
            // became 4 GB); wenjin asks for identity, so a coded body is refused unread.
            fail(APIError(.compressedBody(encoding: encoding), url: url, status: response.statusCode))
            return false
        }
        if let length = response.value(forHTTPHeaderField: "Content-Length").flatMap(Int.init), length > limits.maxBytes {
            fail(APIError(.tooLarge(limit: limits.maxBytes), url: url, status: response.statusCode))
            return false
        }
        return true
    }

    /// Adds body bytes; past the cap the transfer ends.
    func receive(_ data: Data) {
        let over = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            if state.body.count + data.count > limits.maxBytes { return true }
            state.body.append(data)
            return false
        }
        if over { fail(APIError(.tooLarge(limit: limits.maxBytes), url: url)) }
    }

    /// The session finished the task, with `error` or with the final response.
    func complete(response: URLResponse?, error: (any Error)?) {
        let (body, redirect) = state.withLock { ($0.body, $0.refusedRedirect) }
        if let error {
            fail(Self.apiError(error, url: url))
        } else if let redirect {
            let status = (response as? HTTPURLResponse)?.statusCode
            fail(APIError(.redirectRefused(location: redirect), url: url, status: status))
        } else if let response = response as? HTTPURLResponse {
            finish { $0.resume(returning: (body, response)) }
        } else {
            fail(APIError(.transport(code: URLError.Code.badServerResponse.rawValue, message: "no HTTP response"), url: url))
        }
    }

    /// Ends the transfer with `error` (if it is still running) and stops the task.
    func fail(_ error: APIError) {
        finish { $0.resume(throwing: error) }
    }

    private func finish(_ resume: (CheckedContinuation<(Data, HTTPURLResponse), any Error>) -> Void) {
        let ended = state.withLock { state -> (CheckedContinuation<(Data, HTTPURLResponse), any Error>?, URLSessionDataTask?)? in
            guard !state.finished else { return nil }
            defer { state = State(finished: true) }
            return (state.continuation, state.task)
        }
        guard let (continuation, task) = ended else { return }
        if let continuation { resume(continuation) }
        // Never cancel from the thread that resumed or cancelled the Swift task: cancelling a
        // URLSession task there can deadlock on Linux (platform-notes §2, upstream #5412).
        if let task { DispatchQueue.global().async { task.cancel() } }
    }

    /// URLSession's error as the API's, keeping its code and text.
    static func apiError(_ error: any Error, url: String) -> APIError {
        guard let error = error as? URLError else {
            return APIError(.transport(code: 0, message: String(describing: error)), url: url)
        }
        switch error.code {
        case .cancelled: return APIError(.cancelled, url: url)
        case .timedOut: return APIError(.timedOut, url: url)
        default: return APIError(.transport(code: error.code.rawValue, message: error.localizedDescription), url: url)
        }
    }
}
