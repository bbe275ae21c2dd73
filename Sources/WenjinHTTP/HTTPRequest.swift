/// One request as the handler sees it: the head exactly as sent, the body, and who sent it.
package struct HTTPRequest: Sendable {
    package var method: HTTPMethod
    /// The request target exactly as sent, e.g. `/?/api/question/question/&id=3`.
    package var target: String
    /// The target up to its first `?`, still percent-encoded (`/` for an absolute-form target without a path).
    package var path: String
    /// Everything after the first `?`, still percent-encoded; nil when the target has no `?`.
    package var query: String?
    package var version: HTTPVersion
    package var headers: HTTPHeaders
    /// The body, as many bytes as `Content-Length` said (empty without one).
    package var body: [UInt8]
    package var peer: HTTPPeerAddress

    package init(
        method: HTTPMethod, target: String, version: HTTPVersion = .http1_1, headers: HTTPHeaders = HTTPHeaders(),
        body: [UInt8] = [], peer: HTTPPeerAddress = HTTPPeerAddress(host: "127.0.0.1", port: 0)
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        self.peer = peer
        let originForm = Self.originForm(of: target)
        if let question = originForm.firstIndex(of: "?") {
            path = String(originForm[..<question])
            query = String(originForm[originForm.index(after: question)...])
        } else {
            path = String(originForm)
            query = nil
        }
    }

    /// An absolute-form target (`http://host/p?q`, RFC 9112 §3.2.2) reduced to its path and query,
    /// so handlers see the same `path` whichever form the client used.
    private static func originForm(of target: String) -> Substring {
        guard !target.hasPrefix("/"), let colon = target.firstIndex(of: ":"), target[colon...].hasPrefix("://") else {
            return target[...]
        }
        let authorityAndRest = target[target.index(colon, offsetBy: 3)...]
        guard let slash = authorityAndRest.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        return authorityAndRest[slash] == "?" ? "/" + authorityAndRest[slash...] : authorityAndRest[slash...]
    }
}
