import Foundation
import Testing
@testable import WenjinHTTP

@Suite struct HTTPServerLifecycleTests {
    @Test func portZeroPicksAFreePortThatAnswers() async throws {
        let server = HTTPServer(handler: echo)
        let port = try server.start()
        defer { server.stop() }
        #expect(port > 0)
        #expect(server.port == port)
        let client = try RawClient(port: port)
        client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try client.readResponse().status == 200)
    }

    @Test func aPortInUseIsReportedAsAddressInUse() throws {
        let first = HTTPServer(handler: echo)
        let port = try first.start()
        defer { first.stop() }
        let second = HTTPServer(configuration: HTTPServerConfiguration(port: port), handler: echo)
        do {
            try second.start()
            Issue.record("a second listener on port \(port) started")
        } catch {
            #expect(error.reason == .addressInUse)
            #expect(error.description.contains("\(port)"))
        }
    }

    @Test func aFailedStartCanBeRetriedOnceThePortIsFree() throws {
        let first = HTTPServer(handler: echo)
        let port = try first.start()
        let second = HTTPServer(configuration: HTTPServerConfiguration(port: port), handler: echo)
        #expect(throws: HTTPServerError.self) { try second.start() }
        first.stop()
        #expect(try second.start() == port)
        second.stop()
    }

    @Test(.enabled(if: ipv6LoopbackWorks())) func anIPv6LoopbackHostIsServedAndThePeerIsReported() throws {
        let server = HTTPServer(configuration: HTTPServerConfiguration(host: "::1"), handler: echo)
        let port = try server.start()
        defer { server.stop() }
        let client = try RawClient(host: "::1", port: port)
        client.send("GET /six HTTP/1.1\r\nHost: x\r\n\r\n")
        let text = try client.readResponse().text
        #expect(echoed("path", in: text) == "/six")
        #expect(echoed("peer", in: text)?.hasPrefix("::1:") == true)
    }

    @Test func aHostThatIsNotAnAddressIsRefused() {
        let server = HTTPServer(configuration: HTTPServerConfiguration(host: "example.com"), handler: echo)
        do {
            try server.start()
            Issue.record("started on a host name")
        } catch {
            #expect(error.reason == .invalidHost("example.com"))
        }
        server.stop()
    }

    @Test func aPortOutOfRangeIsRefused() {
        let server = HTTPServer(configuration: HTTPServerConfiguration(port: 70000), handler: echo)
        do {
            try server.start()
            Issue.record("started on port 70000")
        } catch {
            #expect(error.reason == .invalidPort(70000))
        }
    }

    @Test func startingTwiceIsAnError() throws {
        let server = HTTPServer(handler: echo)
        try server.start()
        defer { server.stop() }
        do {
            try server.start()
            Issue.record("second start succeeded")
        } catch {
            #expect(error.reason == .alreadyStarted)
        }
    }

    @Test func stopWithOpenConnectionsReturnsPromptlyAndClosesThem() throws {
        let server = HTTPServer(handler: echo)
        let port = try server.start()
        let idle = try RawClient(port: port)
        idle.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try idle.readResponse()
        let halfway = try RawClient(port: port)
        halfway.send("GET / HTTP/1.1\r\nHo")
        let silent = try RawClient(port: port)
        let clock = ContinuousClock()
        let took = clock.measure { server.stop() }
        // Well under the 10 s idle and request timeouts a stop that waited for them would take.
        #expect(took < .seconds(8))
        #expect(idle.serverCloses())
        #expect(silent.serverCloses())
        #expect(server.port == nil)
        #expect(throws: TestFailure.self) { _ = try RawClient(port: port) }
        server.stop()  // idempotent
    }

    @Test func waitUntilStoppedReturnsOnceAnotherThreadStopsTheServer() async throws {
        let server = HTTPServer(handler: echo)
        try server.start()
        let stopped = Flag()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(200)) {
            stopped.set()
            server.stop()
        }
        // Waited for on a Dispatch thread: the call blocks, and test code runs on the concurrency pool.
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                server.waitUntilStopped()
                continuation.resume()
            }
        }
        #expect(stopped.isSet)
        #expect(server.port == nil)
    }

    @Test func stopBeforeStartDoesNothing() {
        let server = HTTPServer(handler: echo)
        server.stop()
        server.stop()
        #expect(server.port == nil)
    }
}

/// CI machines may lack IPv6 loopback; the IPv6 test runs only where `::1` can be bound.
private func ipv6LoopbackWorks() -> Bool {
    let server = HTTPServer(configuration: HTTPServerConfiguration(host: "::1"), handler: echo)
    defer { server.stop() }
    return (try? server.start()) != nil
}
