import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import WenjinHTTP

/// One long-lived session for all tests (docs/design.md#urlsession: per-test sessions risk teardown crashes).
let testSession: URLSession = {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = 60
    configuration.httpMaximumConnectionsPerHost = 8
    return URLSession(configuration: configuration)
}()

/// Runs `body` against a started server and stops it afterwards, whatever happens.
@discardableResult
func withServer<R>(
    _ configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
    handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse = echo,
    _ body: (Int) async throws -> R
) async throws -> R {
    let server = HTTPServer(configuration: configuration, handler: handler)
    let port = try server.start()
    defer { server.stop() }
    return try await body(port)
}

/// Answers with what it received, one `key=value` line each, so tests can check what the handler saw.
@Sendable func echo(_ request: HTTPRequest) -> HTTPResponse {
    let lines = [
        "method=\(request.method)", "target=\(request.target)", "path=\(request.path)",
        "query=\(request.query ?? "(none)")", "version=\(request.version)",
        "peer=\(request.peer.host):\(request.peer.port)",
        "user-agent=\(request.headers["user-agent"] ?? "(none)")",
        "body=\(String(decoding: request.body, as: UTF8.self))",
    ]
    return HTTPResponse(headers: ["Content-Type": "text/plain; charset=utf-8"], body: lines.joined(separator: "\n"))
}

/// The value of `key` in an `echo` answer.
func echoed(_ key: String, in text: String) -> String? {
    text.split(separator: "\n").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
}

func url(_ port: Int, _ target: String) -> URL {
    URL(string: "http://127.0.0.1:\(port)\(target)")!
}

/// A yes/no a handler sets and a test reads, across threads.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set(_ newValue: Bool = true) { value.store(newValue, ordering: .sequentiallyConsistent) }
    var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
}
