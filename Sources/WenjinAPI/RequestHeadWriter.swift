import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The bytes of one HTTP/1.1 request: request line, `Host`, the caller's fields, the body's
/// length, then the body. Field values are the caller's own (User-Agent, Cookie, …); a CR or
/// LF in one is dropped so no value can start a field of its own.
struct RequestHeadWriter {
    let method: String
    let url: URL
    let headers: [String: String]
    let body: Data?

    var bytes: [UInt8] {
        var text = "\(method) \(Self.target(of: url)) HTTP/1.1\r\nHost: \(Self.hostField(of: url))\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            let lowered = name.lowercased()
            guard lowered != "host", lowered != "content-length", lowered != "connection" else { continue }
            text += "\(Self.clean(name)): \(Self.clean(value))\r\n"
        }
        if let body {
            text += "Content-Length: \(body.count)\r\n"
        }
        text += "\r\n"
        return Array(text.utf8) + (body.map(Array.init) ?? [])
    }

    /// Path and query as they appear in the URL, percent-encoding kept.
    static func target(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        let path = components?.percentEncodedPath ?? ""
        let query = components?.percentEncodedQuery.map { "?\($0)" } ?? ""
        return (path.isEmpty ? "/" : path) + query
    }

    static func hostField(of url: URL) -> String {
        let host = url.host ?? ""
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return url.port.map { "\(shown):\($0)" } ?? shown
    }

    private static func clean(_ text: String) -> String {
        text.filter { $0 != "\r" && $0 != "\n" && $0 != "\r\n" }
    }
}
