import Testing
@testable import WenjinHTTP

/// Requests the handler must never see: each gets its status, a readable reason, and a closed connection.
@Suite struct MalformedRequestTests {
    private func answer(to raw: String) async throws -> (RawResponse, closed: Bool) {
        try await withServer(handler: { _ in HTTPResponse(body: "handler reached") }) { port in
            let client = try RawClient(port: port)
            client.send(raw)
            let response = try client.readResponse()
            return (response, client.serverCloses())
        }
    }

    @Test(arguments: [
        "GARBAGE\r\n\r\n",
        "GET /\r\nHost: x\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1 extra\r\nHost: x\r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTX/1.1\r\nHost: x\r\n\r\n",
        "GET / HTTP/1.1\r\nNo colon here\r\n\r\n",
        "GET / HTTP/1.1\r\nBad Name: x\r\n\r\n",
        "GET / HTTP/1.1\r\nName : x\r\n\r\n",
        "GET / HTTP/1.1\r\nA: b\r\n folded\r\n\r\n",
        "GET / HTTP/1.1\r\nA: b\u{01}c\r\n\r\n",
        "GET / HTTP/1.1\r\nA: b\nC: d\r\n\r\n",
        "GET /a\u{7F} HTTP/1.1\r\n\r\n",
        "GET relative/path HTTP/1.1\r\n\r\n",
        "GET ://x/ HTTP/1.1\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
        "POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
        "POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999\r\n\r\n",
    ])
    func aMalformedRequestIsAnswered400AndClosed(raw: String) async throws {
        let (response, closed) = try await answer(to: raw)
        #expect(response.status == 400)
        #expect(response.text.hasPrefix("400 Bad Request: "))
        #expect(response.headers["Connection"] == "close")
        #expect(closed)
    }

    @Test func anUnknownHTTPVersionIsAnswered505() async throws {
        let (response, closed) = try await answer(to: "GET / HTTP/2.0\r\nHost: x\r\n\r\n")
        #expect(response.status == 505)
        #expect(closed)
    }

    @Test func aChunkedRequestBodyIsAnswered411() async throws {
        let (response, closed) = try await answer(to: "POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n")
        #expect(response.status == 411)
        #expect(response.text.contains("Content-Length"))
        #expect(closed)
    }

    @Test func anotherTransferCodingIsAnswered501() async throws {
        let (response, _) = try await answer(to: "POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n")
        #expect(response.status == 501)
    }

    @Test func emptyLinesBeforeTheRequestLineAreIgnored() async throws {
        let (response, _) = try await answer(to: "\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        #expect(response.status == 200)
        #expect(response.text == "handler reached")
    }

    @Test func repeatedEqualContentLengthsAreOneLength() async throws {
        let (response, _) = try await answer(to: "POST / HTTP/1.1\r\nContent-Length: 3\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc")
        #expect(response.status == 200)
    }
}
