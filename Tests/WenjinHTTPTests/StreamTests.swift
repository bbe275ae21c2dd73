import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import WenjinHTTP

@Suite struct StreamTests {
    private static let events: @Sendable (HTTPRequest) -> HTTPResponse = { _ in
        HTTPResponse(headers: ["Content-Type": "text/event-stream"], stream: HTTPBodyStream { writer in
            writer.write("data: one\n\n")
            writer.waitWhileOpen(for: .milliseconds(50))
            writer.write("data: two\n\n")
        })
    }

    @Test func aStreamIsSentChunkedAndTheConnectionServesTheNextRequest() async throws {
        try await withServer(handler: Self.events) { port in
            let client = try RawClient(port: port)
            for _ in 0..<2 {
                client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.headers["Transfer-Encoding"] == "chunked")
                #expect(response.headers["Content-Length"] == nil)
                #expect(response.text == "data: one\n\ndata: two\n\n")
            }
        }
    }

    @Test func urlSessionReceivesTheWholeStreamedBody() async throws {
        try await withServer(handler: Self.events) { port in
            let (data, _) = try await testSession.data(from: url(port, "/events"))
            #expect(String(decoding: data, as: UTF8.self) == "data: one\n\ndata: two\n\n")
        }
    }

    @Test func anHTTP10ClientGetsTheStreamUnframedUntilClose() async throws {
        try await withServer(handler: Self.events) { port in
            let client = try RawClient(port: port)
            client.send("GET /events HTTP/1.0\r\n\r\n")
            let text = String(decoding: client.readToEnd(), as: UTF8.self)
            #expect(text.contains("Connection: close\r\n"))
            #expect(!text.contains("Transfer-Encoding"))
            #expect(text.hasSuffix("\r\n\r\ndata: one\n\ndata: two\n\n"))
        }
    }

    @Test func headToAStreamSendsTheHeadOnly() async throws {
        let produced = Flag()
        try await withServer(handler: { _ in
            HTTPResponse(stream: HTTPBodyStream { _ in produced.set() })
        }) { port in
            let client = try RawClient(port: port)
            client.send("HEAD / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse(bodyless: true).headers["Transfer-Encoding"] == "chunked")
            #expect(!produced.isSet)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(try client.readResponse().body.isEmpty)
            #expect(produced.isSet)
        }
    }

    /// The live-reload shape: a producer waiting for events until its client goes away.
    private static func waitForever(_ ended: Flag) -> @Sendable (HTTPRequest) -> HTTPResponse {
        { _ in
            HTTPResponse(headers: ["Content-Type": "text/event-stream"], stream: HTTPBodyStream { writer in
                writer.write(": connected\n\n")
                let deadline = ContinuousClock.now + .seconds(60)
                while writer.waitWhileOpen(for: .milliseconds(100)) && ContinuousClock.now < deadline {}
                ended.set(!writer.isOpen)
            })
        }
    }

    @Test func aWaitingProducerNoticesItsClientLeaving() async throws {
        let ended = Flag()
        try await withServer(handler: Self.waitForever(ended)) { port in
            do {
                let client = try RawClient(port: port)
                client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
                #expect(try client.readUntil(": connected"))
            }  // the client closes here
            for _ in 0..<500 where !ended.isSet {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(ended.isSet)
        }
    }

    @Test func stopEndsAWaitingStreamPromptly() async throws {
        let ended = Flag()
        let server = HTTPServer(handler: Self.waitForever(ended))
        let port = try server.start()
        let client = try RawClient(port: port)
        client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        // The producer runs once its first bytes arrive; stopping before that would prove nothing.
        #expect(try client.readUntil(": connected"))
        let took = ContinuousClock().measure { server.stop() }
        // The producer would wait 60 s on its own: ending long before proves stop ended it.
        #expect(took < .seconds(30))
        #expect(ended.isSet)
    }
}
