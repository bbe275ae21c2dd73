import Foundation
import Synchronization
import WenjinHTTP
import WenjinSample

/// A source that misbehaves on purpose, on a real loopback WenjinHTTP server: each path answers
/// one way a hostile or broken server can (`/bomb`, `/endless`, `/redirect?to=URL`, …). It
/// records every request with its `Host` and `Cookie`, so a test sees what a client sent where.
final class HostileServer: Sendable {
    struct Seen: Sendable {
        var target: String
        var host: String?
        var cookie: String?
        var acceptEncoding: String?
    }

    private let server: HTTPServer
    private let seen = SeenRequests()
    let port: Int

    init() throws {
        let seen = self.seen
        server = HTTPServer { request in
            seen.list.withLock { $0.append(Seen(target: request.target, host: request.headers["Host"], cookie: request.headers["Cookie"],
                                         acceptEncoding: request.headers["Accept-Encoding"])) }
            return Self.answer(request)
        }
        port = try server.start()
    }

    deinit { server.stop() }

    var base: String { "http://127.0.0.1:\(port)/" }
    var requests: [Seen] { seen.list.withLock { $0 } }

    /// The body of `/endless`, sent in 64 KiB chunks without a `Content-Length`.
    static let endlessBytes = 64 << 20
    /// What `/bomb` decodes to.
    static let bombBytes = 64 << 20

    private static func answer(_ request: HTTPRequest) -> HTTPResponse {
        let query = request.query.map { Dictionary(uniqueKeysWithValues: $0.split(separator: "&").compactMap { pair -> (String, String)? in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1]).removingPercentEncoding ?? "") : nil
        }) } ?? [:]
        switch request.path {
        case "/login":
            return HTTPResponse(headers: ["Set-Cookie": "wj_user_login=secret; path=/"], body: "ok")
        case "/redirect":
            return HTTPResponse(status: HTTPStatus(code: 302), headers: ["Location": query["to"] ?? "/"], body: "moved")
        case "/bomb":
            return HTTPResponse(headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"],
                                body: GzipBomb.make(decodedBytes: bombBytes).gzip)
        case "/announced-huge":
            // Claims a 60 MB image, then closes after a little: a client must refuse at the head.
            return HTTPResponse(headers: ["Content-Type": "image/jpeg"], body: [UInt8](repeating: 0, count: 60_000_000),
                                fault: .truncateBody(keeping: 1024))
        case "/endless":
            return HTTPResponse(headers: ["Content-Type": "image/jpeg"], stream: HTTPBodyStream { writer in
                let chunk = [UInt8](repeating: 0, count: 64 * 1024)
                var sent = 0
                while sent < endlessBytes, writer.write(chunk) { sent += chunk.count }
            })
        case "/trickle-body":
            return HTTPResponse(headers: ["Content-Type": "application/json"], stream: HTTPBodyStream { writer in
                for _ in 0..<600 {
                    guard writer.waitWhileOpen(for: .milliseconds(250)), writer.write([0x20]) else { return }
                }
            })
        case "/trickle-head":
            var headers = HTTPHeaders()
            for index in 0..<99 { headers.add("X-Filler-\(index)", "x") }
            return HTTPResponse(headers: headers, body: Array("{}".utf8), fault: .trickleHead(every: .milliseconds(250)))
        default:
            return HTTPResponse(headers: ["Content-Type": "text/plain"], body: "ok \(request.target)")
        }
    }
}

final class SeenRequests: Sendable {
    let list = Mutex<[HostileServer.Seen]>([])
}
