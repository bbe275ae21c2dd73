/// Serializes a response's status line and header fields, adding the framing fields the
/// server owns (`Date`, `Content-Length`, `Connection`).
enum ResponseHead {
    /// Fields the server frames itself; a handler's values for them would contradict the bytes sent.
    private static let serverOwned = ["Content-Length", "Transfer-Encoding", "Connection"]

    static func bytes(for response: HTTPResponse, keepAlive: Bool, requestVersion: HTTPVersion) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status.code) \(clean(response.status.reason))\r\n"
        for field in response.headers where !serverOwned.contains(where: { HTTPHeaders.sameName($0, field.name) }) {
            text += "\(clean(field.name)): \(clean(field.value))\r\n"
        }
        if !response.headers.contains("Date") {
            text += "Date: \(HTTPDate.now())\r\n"
        }
        if !response.status.forbidsBody {
            text += "Content-Length: \(response.body.count)\r\n"
        }
        if !keepAlive {
            text += "Connection: close\r\n"
        } else if requestVersion == .http1_0 {
            text += "Connection: keep-alive\r\n"
        }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// CR and LF would let a value that came from user data start a new header or end the head
    /// (response splitting), so they become spaces.
    private static func clean(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A }) else { return text }
        return String(text.map { $0 == "\r" || $0 == "\n" || $0 == "\r\n" ? " " : $0 })
    }
}
