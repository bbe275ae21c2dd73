import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import WenjinHTTP

@Suite struct FaultTests {
    private static let body = Array(repeating: UInt8(ascii: "x"), count: 1000)

    @Test func aDroppedConnectionIsAnErrorForURLSession() async throws {
        try await withServer(handler: { _ in HTTPResponse(body: Self.body, fault: .dropConnection) }) { port in
            await #expect(throws: (any Error).self) {
                _ = try await testSession.data(from: url(port, "/drop"))
            }
        }
    }

    @Test func aDroppedConnectionSendsNoByte() async throws {
        try await withServer(handler: { _ in HTTPResponse(body: Self.body, fault: .dropConnection) }) { port in
            let client = try RawClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            #expect(client.readToEnd().isEmpty)
        }
    }

    @Test func aTruncatedBodySendsTheFullLengthThenFewerBytesThenCloses() async throws {
        try await withServer(handler: { _ in HTTPResponse(body: Self.body, fault: .truncateBody(keeping: 10)) }) { port in
            let client = try RawClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let bytes = client.readToEnd()
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.contains("Content-Length: 1000\r\n"))
            #expect(text.hasSuffix("\r\n\r\n" + String(repeating: "x", count: 10)))
        }
    }

    @Test func aTruncatedBodyIsAnErrorOrAShortBodyForURLSession() async throws {
        try await withServer(handler: { _ in HTTPResponse(body: Self.body, fault: .truncateBody(keeping: 10)) }) { port in
            do {
                let (data, _) = try await testSession.data(from: url(port, "/truncated"))
                #expect(data.count < Self.body.count)
            } catch {
                // URLSession (libcurl) reports the missing bytes as an error: the expected outcome.
            }
        }
    }

    @Test("a trickled head arrives whole, a line at a time, then the body, then the connection closes")
    func aTrickledHeadArrivesWholeThenCloses() async throws {
        let handler: @Sendable (HTTPRequest) -> HTTPResponse = { _ in
            HTTPResponse(headers: ["X-One": "1", "X-Two": "2"], body: Array("done".utf8), fault: .trickleHead(every: .milliseconds(20)))
        }
        try await withServer(handler: handler) { port in
            let client = try RawClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let text = String(decoding: client.readToEnd(), as: UTF8.self)
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(text.contains("X-One: 1\r\nX-Two: 2\r\n"))
            #expect(text.hasSuffix("\r\n\r\ndone"))
        }
    }
}
