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
        #expect(throws: HTTPServerError.self) { try second.start() }
        do {
            try second.start()
        } catch {
            #expect(error.reason == .alreadyStarted)
        }
        let third = HTTPServer(configuration: HTTPServerConfiguration(port: port), handler: echo)
        do {
            try third.start()
            Issue.record("a second listener on port \(port) started")
        } catch {
            #expect(error.reason == .addressInUse)
            #expect(error.description.contains("\(port)"))
        }
    }

    @Test func aHostThatIsNotAnAddressIsRefused() {
        let server = HTTPServer(configuration: HTTPServerConfiguration(host: "example.com"), handler: echo)
        #expect(throws: HTTPServerError.self) { try server.start() }
        server.stop()
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
        #expect(took < .seconds(2))
        #expect(idle.serverCloses())
        #expect(silent.serverCloses())
        #expect(server.port == nil)
        #expect(throws: TestFailure.self) { _ = try RawClient(port: port) }
        server.stop()  // idempotent
    }

    @Test func stopBeforeStartDoesNothing() {
        let server = HTTPServer(handler: echo)
        server.stop()
        server.stop()
        #expect(server.port == nil)
    }
}
