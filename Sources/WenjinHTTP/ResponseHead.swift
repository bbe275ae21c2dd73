/// Serializes a response's status line and header fields, adding the framing fields the
/// server owns (`Date`, `Content-Length` or `Transfer-Encoding`, `Connection`).
enum ResponseHead {
    /// How the body after the head is delimited.
    enum Framing: Equatable {
        case length(Int)
        case chunked
        /// No length at all: the body ends when the connection closes (HTTP/1.0 streams).
        case untilClose
        /// 1xx, 204 and 304 responses, which have no body and no length field.
        case none
    }

    /// Fields the server frames itself; a handler's values for them would contradict the bytes sent.
    private static let serverOwned = ["Content-Length", "Transfer-Encoding", "Connection"]

    static func bytes(for response: HTTPResponse, framing: Framing, keepAlive: Bool, requestVersion: HTTPVersion) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status.code) \(clean(response.status.reason))\r\n"
        for field in response.headers where !serverOwned.contains(where: { HTTPHeaders.sameName($0, field.name) }) {
            text += "\(clean(field.name)): \(clean(field.value))\r\n"
        }
        if !response.headers.contains("Date") {
            text += "Date: \(HTTPDate.now())\r\n"
        }
        switch framing {
        case .length(let count): text += "Content-Length: \(count)\r\n"
        case .chunked: text += "Transfer-Encoding: chunked\r\n"
        case .untilClose, .none: break
        }
        if !keepAlive {
            text += "Connection: close\r\n"
        } else if requestVersion == .http1_0 {
            text += "Connection: keep-alive\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// The framing for `response` to a request of `version`.
    static func framing(for response: HTTPResponse, requestVersion: HTTPVersion) -> Framing {
        if response.status.forbidsBody { return .none }
        if response.stream != nil { return requestVersion == .http1_1 ? .chunked : .untilClose }
        return .length(response.body.count)
    }

    /// CR and LF would let a value that came from user data start a new header or end the head
    /// (response splitting), so they become spaces.
    private static func clean(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { return text }
        return String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\r\n" ? " " : $0 })
    }
}
