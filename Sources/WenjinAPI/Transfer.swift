import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One request in flight: the body received so far, the caller waiting for it, and the limits
/// it must stay within. Whatever ends it first — completion, the byte cap, the deadline, a
/// refused redirect, the caller's cancellation — decides the outcome; later bytes are dropped.
/// An ended transfer cancels its task and resumes the caller when URLSession reports the task
/// complete, so nothing of it is still on the wire when the caller goes on (a server closing a
/// half-sent head under a live task stops the process in swift-corelibs-foundation 6.3.1);
/// should that report never come, the caller is resumed after a grace period anyway.
final class Transfer: Sendable {
    private struct State {
        var body = Data()
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), any Error>?
        var task: URLSessionDataTask?
        var finished = false
        /// Why the transfer was ended early, once it was; the caller hears it on completion.
        var ending: APIError?
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

    /// Checks the head before any body byte is kept; false when the transfer was ended.
    func accepts(_ response: HTTPURLResponse) -> Bool {
        let encoding = response.value(forHTTPHeaderField: "Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased()
        if let encoding, !encoding.isEmpty, encoding != "identity" {
            // libcurl inflates it however large it grows (a 1 MB gzip bomb became 4 GB), so a
            // cap after decoding comes too late; wenjin asks for identity, and refuses a coded
            // body without keeping a byte of it.
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
            guard !state.finished, state.ending == nil else { return false }
            if state.body.count + data.count > limits.maxBytes { return true }
            state.body.append(data)
            return false
        }
        if over { fail(APIError(.tooLarge(limit: limits.maxBytes), url: url)) }
    }

    /// The session finished the task, with `error` or with the final response.
    func complete(response: URLResponse?, error: (any Error)?) {
        let (body, redirect, ending) = state.withLock { ($0.body, $0.refusedRedirect, $0.ending) }
        if let ending {
            finish { $0.resume(throwing: ending) }
        } else if let error {
            finish { $0.resume(throwing: Self.apiError(error, url: url)) }
        } else if let redirect {
            let status = (response as? HTTPURLResponse)?.statusCode
            finish { $0.resume(throwing: APIError(.redirectRefused(location: redirect), url: url, status: status)) }
        } else if let response = response as? HTTPURLResponse {
            finish { $0.resume(returning: (body, response)) }
        } else {
            let error = APIError(.transport(code: URLError.Code.badServerResponse.rawValue, message: "no HTTP response"), url: url)
            finish { $0.resume(throwing: error) }
        }
    }

    /// Ends the transfer with `error` (unless it has already ended): stops the task now and
    /// reports `error` once the task is complete, or after a grace period.
    func fail(_ error: APIError) {
        let (task, first) = state.withLock { state -> (URLSessionDataTask?, Bool) in
            guard !state.finished, state.ending == nil else { return (nil, false) }
            state.ending = error
            return (state.task, true)
        }
        guard first else { return }
        guard let task else { return finish { $0.resume(throwing: error) } }
        // Never cancel from the thread that resumed or cancelled the Swift task: cancelling a
        // URLSession task there can deadlock on Linux (docs/design.md#urlsession, upstream #5412).
        DispatchQueue.global().async { task.cancel() }
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.gracePeriod) { [weak self] in
            self?.finish { $0.resume(throwing: error) }
        }
    }

    private static let gracePeriod = DispatchTimeInterval.seconds(5)

    /// Resumes the caller, once.
    private func finish(_ resume: (CheckedContinuation<(Data, HTTPURLResponse), any Error>) -> Void) {
        let continuation = state.withLock { state -> CheckedContinuation<(Data, HTTPURLResponse), any Error>?? in
            guard !state.finished else { return nil }
            defer { state = State(finished: true) }
            return .some(state.continuation)
        }
        guard let continuation else { return }
        if let continuation { resume(continuation) }
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
