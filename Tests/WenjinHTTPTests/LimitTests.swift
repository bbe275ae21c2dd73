import Foundation
import Testing
@testable import WenjinHTTP

@Suite struct LimitTests {
    @Test func aHeadLargerThanTheLimitIsAnswered431() async throws {
        var configuration = HTTPServerConfiguration()
        configuration.maxHeadBytes = 1024
        try await withServer(configuration) { port in
            let client = try RawClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 2000))\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 431)
            #expect(client.serverCloses())
        }
    }

    @Test func aHeadThatNeverEndsIsAnswered431WithoutWaitingForTheEnd() async throws {
        try await withServer { port in
            let client = try RawClient(port: port)
            client.send("GET / HTTP/1.1\r\nX-Endless: \(String(repeating: "a", count: 20 * 1024))")
            #expect(try client.readResponse().status == 431)
        }
    }

    @Test func aHeadJustUnderTheLimitIsServed() async throws {
        var configuration = HTTPServerConfiguration()
        configuration.maxHeadBytes = 1024
        try await withServer(configuration) { port in
            let prefix = "GET / HTTP/1.1\r\nX-Fill: "
            let client = try RawClient(port: port)
            client.send(prefix + String(repeating: "a", count: 1024 - prefix.utf8.count) + "\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func tooManyHeaderFieldsAreAnswered431() async throws {
        var configuration = HTTPServerConfiguration()
        configuration.maxHeaderCount = 10
        try await withServer(configuration) { port in
            let fields = (0..<11).map { "X-\($0): v\r\n" }.joined()
            let client = try RawClient(port: port)
            client.send("GET / HTTP/1.1\r\n\(fields)\r\n")
            #expect(try client.readResponse().status == 431)
        }
    }

    @Test func aBodyLargerThanTheLimitIsAnswered413BeforeItIsSent() async throws {
        var configuration = HTTPServerConfiguration()
        configuration.maxBodyBytes = 100
        try await withServer(configuration) { port in
            let client = try RawClient(port: port)
            client.send("POST / HTTP/1.1\r\nContent-Length: 101\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(client.serverCloses())
        }
    }

    @Test func a413ReachesAClientThatAlreadySentItsBody() async throws {
        var configuration = HTTPServerConfiguration()
        configuration.maxBodyBytes = 1000
        try await withServer(configuration) { port in
            let client = try RawClient(port: port)
            client.send("POST / HTTP/1.1\r\nContent-Length: 200000\r\n\r\n" + String(repeating: "b", count: 200_000))
            #expect(try client.readResponse().status == 413)
        }
    }

    @Test func expectContinueGetsA100BeforeTheBody() async throws {
        try await withServer { port in
            let client = try RawClient(port: port)
            client.send("POST / HTTP/1.1\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            #expect(try client.readResponse().status == 100)
            client.send("hello")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(echoed("body", in: response.text) == "hello")
        }
    }

    @Test func connectionsPastTheLimitAreAnswered503AndClosed() async throws {
        var configuration = HTTPServerConfiguration()
        configuration.maxConnections = 2
        try await withServer(configuration) { port in
            let first = try RawClient(port: port)
            let second = try RawClient(port: port)
            for client in [first, second] {
                client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readResponse().status == 200)
            }
            let third = try RawClient(port: port)
            third.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let refused = try third.readResponse()
            #expect(refused.status == 503)
            #expect(third.serverCloses())
            // Capacity comes back when a connection ends.
            first.send("GET / HTTP/1.1\r\nConnection: close\r\n\r\n")
            _ = try first.readResponse()
            #expect(first.serverCloses())
            var admitted = false
            for _ in 0..<50 where !admitted {
                let fourth = try RawClient(port: port)
                fourth.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                admitted = try fourth.readResponse().status == 200
                if !admitted { try await Task.sleep(for: .milliseconds(20)) }
            }
            #expect(admitted)
        }
    }

    @Test func aClientThatStopsReadingIsDroppedAfterTheWriteTimeout() async throws {
        var configuration = HTTPServerConfiguration()
        configuration.maxConnections = 1
        configuration.writeTimeout = .milliseconds(300)
        let huge = [UInt8](repeating: 0x61, count: 64 * 1024 * 1024)
        try await withServer(configuration, handler: { request in
            request.path == "/huge" ? HTTPResponse(body: huge) : HTTPResponse(body: "small")
        }) { port in
            let stalled = try RawClient(port: port)
            stalled.send("GET /huge HTTP/1.1\r\nHost: x\r\n\r\n")
            // While the stalled client holds the only slot, others get 503; once its send times out, they are served.
            var served = false
            for _ in 0..<50 where !served {
                try await Task.sleep(for: .milliseconds(100))
                let other = try RawClient(port: port)
                other.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                served = (try? other.readResponse().text) == "small"
            }
            #expect(served)
        }
    }
}
