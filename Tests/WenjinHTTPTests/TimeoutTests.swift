import Foundation
import Testing
@testable import WenjinHTTP

@Suite struct TimeoutTests {
    private static var shortTimeouts: HTTPServerConfiguration {
        var configuration = HTTPServerConfiguration()
        configuration.idleTimeout = .milliseconds(300)
        configuration.requestTimeout = .milliseconds(300)
        return configuration
    }

    @Test func anIdleKeepAliveConnectionIsClosedAfterTheIdleTimeout() async throws {
        var configuration = HTTPServerConfiguration()
        configuration.idleTimeout = .seconds(1)
        try await withServer(configuration) { port in
            let client = try RawClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            let clock = ContinuousClock()
            let start = clock.now
            #expect(client.serverCloses())
            let waited = clock.now - start
            // Loose bounds: the machine is shared, but closing at once, never, or only at the
            // 10 s default (the setting ignored) would each fail.
            #expect(waited >= .milliseconds(500))
            #expect(waited < .seconds(8))
        }
    }

    @Test func aConnectionThatNeverSendsAnythingIsClosedSilently() async throws {
        try await withServer(Self.shortTimeouts) { port in
            let client = try RawClient(port: port)
            #expect(client.readToEnd().isEmpty)
        }
    }

    @Test func aClientTricklingItsHeadIsAnswered408() async throws {
        try await withServer(Self.shortTimeouts) { port in
            let client = try RawClient(port: port)
            // Keeps sending, so only the whole-request deadline (not a per-read one) can end it.
            for piece in ["GET / HT", "TP/1.1\r\n", "X-A: 1\r\n", "X-B: 2\r\n", "X-C: 3\r\n"] {
                client.send(piece)
                try await Task.sleep(for: .milliseconds(100))
            }
            let response = try client.readResponse()
            #expect(response.status == 408)
            #expect(client.serverCloses())
        }
    }

    @Test func aClientThatStopsSendingItsBodyIsAnswered408() async throws {
        try await withServer(Self.shortTimeouts) { port in
            let client = try RawClient(port: port)
            client.send("POST / HTTP/1.1\r\nContent-Length: 10\r\n\r\nabc")
            #expect(try client.readResponse().status == 408)
        }
    }

    @Test func aSlowHandlerIsNotCutOffByTheRequestTimeout() async throws {
        try await withServer(Self.shortTimeouts, handler: { _ in
            usleep(600_000)
            return HTTPResponse(body: "late but whole")
        }) { port in
            let (data, _) = try await testSession.data(from: url(port, "/slow"))
            #expect(String(decoding: data, as: UTF8.self) == "late but whole")
        }
    }
}
