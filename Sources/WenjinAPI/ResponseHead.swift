/// The status line and header fields of one HTTP/1.1 response, as read off a socket.
struct ResponseHead: Sendable {
    var version: String
    var status: Int
    /// Lower-cased names; a repeated field joined with ", " (HTTP's rule, and what `APIResponse` keeps).
    var fields: [String: String]

    func field(_ name: String) -> String? { fields[name] }

    /// Whether a body follows at all (RFC 9112 §6.3: never after 1xx, 204, 304 or a HEAD).
    func hasBody(method: String) -> Bool {
        !(method == "HEAD" || (100...199).contains(status) || status == 204 || status == 304)
    }

    /// Whether the server means to keep the connection open after this response.
    var keepsAlive: Bool {
        let tokens = (field("connection") ?? "").lowercased().split(separator: ",").map { $0.trimmingASCIIWhitespace() }
        if version == "HTTP/1.1" { return !tokens.contains("close") }
        return tokens.contains("keep-alive")
    }
}
