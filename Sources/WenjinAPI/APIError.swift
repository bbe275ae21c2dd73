import Foundation

/// The one error type of WenjinAPI: what went wrong with which request, with enough of the
/// response (status, first bytes of the body) to diagnose it from a log line.
package struct APIError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        /// The request did not complete (connection refused, reset, DNS, TLS, …): URLError's code
        /// (`URLError.Code.rawValue`, e.g. −1004 cannot connect) and its text.
        case transport(code: Int, message: String)
        /// The body ended before the `Content-Length` the server announced: a cut connection.
        case truncatedBody(received: Int, announced: Int)
        /// Nothing arrived for the idle timeout (`crawl.timeoutSeconds`).
        case timedOut
        /// The whole request took longer than its deadline (`crawl.deadlineSeconds`), e.g. a
        /// server trickling its head or body a byte at a time.
        case deadlineExceeded(seconds: Int)
        /// The body was larger than the cap (`crawl.maxResponseBytes`, or `maxAssetBytes` for an
        /// image); the transfer was aborted there.
        case tooLarge(limit: Int)
        /// The body came with a content coding (gzip, …) although wenjin asked for none; it is
        /// refused, none of it kept, because the HTTP library inflates it without a bound.
        case compressedBody(encoding: String)
        /// The server redirected outside the requested origin (another scheme, host or port);
        /// the redirect was not followed and nothing was sent there.
        case redirectRefused(location: String)
        /// The caller's task was cancelled.
        case cancelled
        /// The server answered with a status outside 200–299.
        case httpStatus(Int)
        /// The body is not JSON (WeCenter's HTML "文件未找到" page, a truncated body, …).
        case notJSON(String)
        /// JSON, but not the `{"rsm", "errno", "err"}` envelope.
        case notAnEnvelope
        /// The server said no: `errno` −1 with its message (e.g. `问题不存在或已被删除`).
        case rejected(message: String)
        /// `errno` 1 but `rsm` is a message instead of data (`api/topic.php`: `话题不存在`).
        case notFound(message: String)
        /// The envelope is fine but a field cannot be read; `path` is like `rsm.answers[2].answer_id`.
        case unreadableField(path: String, problem: String)
        /// The login answered `errno` 1 but set no `<prefix>_user_login` cookie.
        case loginWithoutCookies
    }

    package var reason: Reason
    /// The request's URL, when there was one.
    package var url: String?
    /// The HTTP status, when a response arrived.
    package var status: Int?
    /// The first bytes of the body (at most `APIError.bodyPrefixLength`), decoded leniently as UTF-8.
    package var bodyPrefix: String

    package static let bodyPrefixLength = 200

    package init(_ reason: Reason, url: String? = nil, status: Int? = nil, body: Data = Data()) {
        self.reason = reason
        self.url = url
        self.status = status
        self.bodyPrefix = String(decoding: body.prefix(Self.bodyPrefixLength), as: UTF8.self)
    }

    package var description: String {
        var parts = ["API error: \(reason)"]
        if let url { parts.append("url \(url)") }
        if let status { parts.append("status \(status)") }
        if !bodyPrefix.isEmpty { parts.append("body starts \(bodyPrefix.debugDescription)") }
        return parts.joined(separator: ", ")
    }

    /// Whether the same request may succeed later (network trouble, 408, 429, 5xx, truncated
    /// bodies); the crawler decides how and when to retry.
    package var isTransient: Bool {
        switch reason {
        case .transport, .truncatedBody, .timedOut, .deadlineExceeded, .notJSON: return true
        case .httpStatus(let code): return code == 408 || code == 429 || (500...599).contains(code)
        case .cancelled, .tooLarge, .compressedBody, .redirectRefused, .notAnEnvelope, .rejected, .notFound, .unreadableField, .loginWithoutCookies: return false
        }
    }
}
