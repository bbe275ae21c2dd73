/// What a handler answers: status, ordered headers, body, and optionally a fault to inject.
///
/// The server adds `Date`, `Content-Length` and, when it closes the connection, `Connection: close`;
/// a `Content-Length` or `Transfer-Encoding` set here is ignored, since the server frames the body itself.
/// A response with a `stream` is the one exception to `Content-Length`: see `HTTPBodyStream`.
package struct HTTPResponse: Sendable {
    /// A deliberate misbehaviour, for testing clients against a server that fails mid-answer.
    package enum Fault: Sendable, Hashable {
        /// Close the connection without sending anything.
        case dropConnection
        /// Send the head with the full `Content-Length`, then only the first `keeping` bytes of the body, then close.
        case truncateBody(keeping: Int)
        /// Send the head one line at a time, waiting `every` before each (a server that keeps a
        /// client waiting without ever going idle), then the body, then close.
        case trickleHead(every: Duration)
    }

    package var status: HTTPStatus
    package var headers: HTTPHeaders
    package var body: [UInt8]
    /// A body produced over time; when set, `body` is not sent.
    package var stream: HTTPBodyStream?
    package var fault: Fault?

    package init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = [], fault: Fault? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fault = fault
    }

    /// A response whose body `stream` produces over time (e.g. `text/event-stream`).
    package init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), stream: HTTPBodyStream) {
        self.init(status: status, headers: headers)
        self.stream = stream
    }

    /// A response whose body is `body` in UTF-8.
    package init(status: HTTPStatus = .ok, headers: HTTPHeaders = HTTPHeaders(), body: String) {
        self.init(status: status, headers: headers, body: Array(body.utf8))
    }
}
