import Foundation
import WenjinHTTP

/// The sample community on a real loopback HTTP server: what `wenjin sample-server` runs and what
/// the crawler's tests, the benchmarks and the demo talk to.
package final class SampleServer: Sendable {
    package let api: SampleAPI
    package let faults: SampleFaults?
    private let server: HTTPServer

    /// `onRequest` sees every request's target and arrival time before it is answered, so
    /// tests can check what a client asked for and when (e.g. not before a `Retry-After`).
    package init(api: SampleAPI, faults: SampleFaults? = nil, host: String = "127.0.0.1", port: Int = 0,
                onRequest: (@Sendable (String, Date) -> Void)? = nil) {
        self.api = api
        self.faults = faults
        var configuration = HTTPServerConfiguration()
        configuration.host = host
        configuration.port = port
        server = HTTPServer(configuration: configuration) { [api, faults] request in
            onRequest?(request.target, Date())
            return Self.answer(request, api: api, faults: faults)
        }
    }

    /// Starts listening and returns the port (the system's choice for port 0).
    @discardableResult
    package func start() throws(HTTPServerError) -> Int { try server.start() }

    package func stop() { server.stop() }

    package var port: Int? { server.port }

    /// `http://127.0.0.1:PORT/`, the base URL a client uses.
    package var baseURL: URL? { port.map { URL(string: "http://\(server.configuration.host):\($0)/")! } }

    private static func answer(_ request: HTTPRequest, api: SampleAPI, faults: SampleFaults?) -> HTTPResponse {
        let sample = SampleRequest(
            method: request.method.rawValue, target: request.target, host: request.headers["Host"] ?? "127.0.0.1",
            cookieHeader: request.headers["Cookie"], formBody: String(decoding: request.body, as: UTF8.self))
        var response = api.respond(to: sample)
        if let fault = faults?.nextFault(for: request.target) { response = faults!.apply(fault, to: response, for: sample) }
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        var headers = HTTPHeaders()
        for (name, value) in response.headers { headers.add(name, value) }
        let status = HTTPStatus(code: response.status)
        switch response.fault {
        case .dropConnection: return HTTPResponse(status: status, headers: headers, fault: .dropConnection)
        case .truncateBody(let keeping): return HTTPResponse(status: status, headers: headers, body: response.body, fault: .truncateBody(keeping: keeping))
        case .trickleHead(let every): return HTTPResponse(status: status, headers: headers, body: response.body, fault: .trickleHead(every: every))
        case .trickleBody(let every): return HTTPResponse(status: status, headers: headers, stream: Self.trickle(response.body, every: every))
        case .endlessBody(let bytes): return HTTPResponse(status: status, headers: headers, stream: Self.zeros(bytes))
        case nil: return HTTPResponse(status: status, headers: headers, body: response.body)
        }
    }

    /// `body` a byte at a time, until it is sent or the client leaves.
    private static func trickle(_ body: [UInt8], every: Duration) -> HTTPBodyStream {
        HTTPBodyStream { writer in
            for byte in body {
                guard writer.waitWhileOpen(for: every), writer.write([byte]) else { return }
            }
        }
    }

    /// `count` zero bytes in 64 KiB chunks, until they are sent or the client leaves.
    private static func zeros(_ count: Int) -> HTTPBodyStream {
        HTTPBodyStream { writer in
            let chunk = [UInt8](repeating: 0, count: 64 * 1024)
            var left = count
            while left > 0, writer.write(Array(chunk.prefix(left))) { left -= chunk.count }
        }
    }
}
