import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import WenjinHTTP

@Suite struct RequestResponseTests {
    @Test func aGetRequestGetsTheHandlersStatusHeadersAndBody() async throws {
        try await withServer(handler: { _ in
            HTTPResponse(status: HTTPStatus(code: 201), headers: ["Content-Type": "text/plain; charset=utf-8", "X-Answer": "42"], body: "你好")
        }) { port in
            let (data, response) = try await testSession.data(from: url(port, "/hello"))
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 201)
            #expect(http.value(forHTTPHeaderField: "X-Answer") == "42")
            #expect(http.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
            #expect(String(decoding: data, as: UTF8.self) == "你好")
        }
    }

    @Test func theHandlerSeesTheRawTargetWithPathAndQuerySplitOut() async throws {
        try await withServer { port in
            let client = try RawClient(port: port)
            client.send("GET /?/api/question/question/&id=3 HTTP/1.1\r\nHost: x\r\n\r\n")
            let text = try client.readResponse().text
            #expect(echoed("target", in: text) == "/?/api/question/question/&id=3")
            #expect(echoed("path", in: text) == "/")
            #expect(echoed("query", in: text) == "/api/question/question/&id=3")
        }
    }

    @Test func aTargetWithoutQuestionMarkHasNoQueryAndKeepsPercentEncoding() async throws {
        try await withServer { port in
            let client = try RawClient(port: port)
            client.send("GET /uploads/%E4%BD%A0.png HTTP/1.1\r\nHost: x\r\n\r\n")
            let text = try client.readResponse().text
            #expect(echoed("path", in: text) == "/uploads/%E4%BD%A0.png")
            #expect(echoed("query", in: text) == "(none)")
        }
    }

    @Test func anAbsoluteFormTargetIsReducedToPathAndQuery() async throws {
        try await withServer { port in
            let client = try RawClient(port: port)
            client.send("GET http://127.0.0.1/a/b?c=d HTTP/1.1\r\nHost: x\r\n\r\n")
            let text = try client.readResponse().text
            #expect(echoed("target", in: text) == "http://127.0.0.1/a/b?c=d")
            #expect(echoed("path", in: text) == "/a/b")
            #expect(echoed("query", in: text) == "c=d")
        }
    }

    @Test func aPostBodyWithContentLengthReachesTheHandler() async throws {
        try await withServer { port in
            var request = URLRequest(url: url(port, "/?/account/ajax/login_process/"))
            request.httpMethod = "POST"
            request.httpBody = Data("user_name=张三&password=x".utf8)
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            let (data, _) = try await testSession.data(for: request)
            let text = String(decoding: data, as: UTF8.self)
            #expect(echoed("method", in: text) == "POST")
            #expect(echoed("body", in: text) == "user_name=张三&password=x")
        }
    }

    @Test func headerLookupIgnoresCaseAndThePeerIsTheClient() async throws {
        try await withServer { port in
            let client = try RawClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\nUSER-AGENT: raw-test/1\r\n\r\n")
            let text = try client.readResponse().text
            #expect(echoed("user-agent", in: text) == "raw-test/1")
            #expect(echoed("peer", in: text)?.hasPrefix("127.0.0.1:") == true)
        }
    }

    @Test func responsesCarryDateAndContentLengthAndEveryCookieInOrder() async throws {
        try await withServer(handler: { _ in
            HTTPResponse(headers: ["Set-Cookie": "wecenter_user_login=abc; path=/", "Set-Cookie": "wecenter_sid=def; path=/"], body: "ok")
        }) { port in
            let client = try RawClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.statusLine == "HTTP/1.1 200 OK")
            #expect(response.headers.values(for: "Set-Cookie") == ["wecenter_user_login=abc; path=/", "wecenter_sid=def; path=/"])
            #expect(response.headers["Content-Length"] == "2")
            let date = try #require(response.headers["Date"])
            #expect(date.hasSuffix(" GMT") && date.count == 29)
        }
    }

    @Test func anEmptyBodyStillHasContentLengthZero() async throws {
        try await withServer(handler: { _ in HTTPResponse(status: .notFound) }) { port in
            let client = try RawClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 404)
            #expect(response.headers["Content-Length"] == "0")
        }
    }

    @Test func headGetsTheGetHeadersWithoutTheBody() async throws {
        try await withServer(handler: { _ in HTTPResponse(headers: ["Content-Type": "text/html"], body: "<p>twelve b</p>") }) { port in
            let client = try RawClient(port: port)
            client.send("HEAD / HTTP/1.1\r\nHost: x\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let head = try client.readResponse(bodyless: true)
            #expect(head.headers["Content-Length"] == "15")
            #expect(head.headers["Content-Type"] == "text/html")
            // Had a body followed the HEAD answer, the next response would not start where it should.
            let get = try client.readResponse()
            #expect(get.statusLine == "HTTP/1.1 200 OK")
            #expect(get.text == "<p>twelve b</p>")
        }
    }

    @Test func aHandlersContentLengthAndLineBreaksInValuesCannotCorruptTheResponse() async throws {
        try await withServer(handler: { _ in
            HTTPResponse(headers: ["Content-Length": "999", "Location": "/x\r\nSet-Cookie: evil=1"], body: "abc")
        }) { port in
            let client = try RawClient(port: port)
            client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.headers.values(for: "Content-Length") == ["3"])
            #expect(response.headers.values(for: "Set-Cookie").isEmpty)
            #expect(response.text == "abc")
        }
    }

    @Test func aLargeBodyArrivesWhole() async throws {
        let big = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try await withServer(handler: { _ in HTTPResponse(body: big) }) { port in
            let (data, _) = try await testSession.data(from: url(port, "/big"))
            #expect(data.count == big.count)
            #expect(Array(data) == big)
        }
    }
}
