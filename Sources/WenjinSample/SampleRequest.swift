import Foundation

/// What the sample API sees of an HTTP request, and what it answers; the server glue maps these to
/// and from the HTTP module, so the API itself can be exercised without sockets.
package struct SampleRequest: Sendable {
    package var method: String
    /// The request target exactly as sent (`/?/api/question/question/&id=3`).
    package var target: String
    package var host: String
    package var cookies: [String: String]
    package var formBody: String

    package init(method: String = "GET", target: String, host: String = "127.0.0.1", cookieHeader: String? = nil, formBody: String = "") {
        self.method = method
        self.target = target
        self.host = host
        self.formBody = formBody
        cookies = Self.parseCookies(cookieHeader ?? "")
    }

    static func parseCookies(_ header: String) -> [String: String] {
        var cookies: [String: String] = [:]
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { continue }
            cookies[parts[0].trimmingCharacters(in: .whitespaces)] = String(parts[1]).trimmingCharacters(in: .whitespaces)
        }
        return cookies
    }
}

package struct SampleResponse: Sendable {
    package enum Fault: Sendable, Equatable {
        /// Close the connection without answering.
        case dropConnection
        /// Announce the whole body, send only the first bytes, close.
        case truncateBody(keeping: Int)
        /// Send the head a line at a time, waiting `every` before each.
        case trickleHead(every: Duration)
        /// Send the body a byte at a time, waiting `every` before each.
        case trickleBody(every: Duration)
        /// Send `bytes` zero bytes as the body, streamed without a length.
        case endlessBody(bytes: Int)
    }

    package var status: Int
    package var headers: [(String, String)]
    package var body: [UInt8]
    package var fault: Fault?
    /// Seconds to wait before answering (a slow server).
    package var delay: Double = 0

    package init(status: Int, headers: [(String, String)], body: [UInt8], fault: Fault? = nil) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fault = fault
    }

    package func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }
}
