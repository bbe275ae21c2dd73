import Foundation
import Testing
@testable import WenjinAPI

/// The plain-socket transport of `http://` requests against servers that write raw, broken or
/// hostile HTTP: each case ends in a response or an `APIError`, never in a stopped process or
/// unbounded memory (issue 10 §3).
@Suite("The plain-socket transport")
struct SocketTransportTests {
    static let cap = 1 << 20

    func client(_ server: RawSocketServer) -> APIClient {
        APIClient(.init(base: APIBaseURL(server.base)!, timeout: 60, limits: TransferLimits(maxBytes: Self.cap, deadlineSeconds: 120)))
    }

    func get(_ client: APIClient, _ url: String) async -> Result<APIResponse, APIError> {
        do { return .success(try await client.get(URL(string: url)!)) } catch { return .failure(error) }
    }

    static func ok(_ body: String, _ extra: String = "") -> String {
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: \(body.utf8.count)\r\n\(extra)\r\n\(body)"
    }

    @Test("a head cut off in the middle and then closed is a transport error that says so, and the process goes on")
    func headCutOffMidway() async throws {
        let server = try RawSocketServer { _, writer in
            writer.write("HTTP/1.1 200 OK\r\nContent-Type: text/pl")
            return false
        }
        guard case .failure(let error) = await get(client(server), server.base + "cut") else {
            Issue.record("half a head was taken for a response")
            return
        }
        guard case .transport(_, let message) = error.reason else { Issue.record("\(error)"); return }
        #expect(message.contains("middle of the head"), "\(message)")
        #expect(error.isTransient)
        #expect(error.url == server.base + "cut")
    }

    @Test("a head of ten thousand header lines is refused with the limit it broke")
    func tenThousandHeaderLines() async throws {
        let server = try RawSocketServer { _, writer in
            guard writer.write("HTTP/1.1 200 OK\r\n") else { return false }
            for index in 0..<10_000 {
                guard writer.write("X-Filler-\(index): x\r\n") else { return false }
            }
            writer.write("Content-Length: 2\r\n\r\n{}")
            return false
        }
        guard case .failure(let error) = await get(client(server), server.base + "fields") else {
            Issue.record("a head of 10,000 fields was accepted")
            return
        }
        guard case .transport(_, let message) = error.reason else { Issue.record("\(error)"); return }
        #expect(message.contains("more than \(ResponseHeadReader.maxFields) header fields"), "\(message)")
    }

    @Test("a body without a length that never ends is cut at the cap, and the server cannot send much past it")
    func endlessBodyStopsAtTheCap() async throws {
        let total = 64 << 20
        let server = try RawSocketServer { _, writer in
            guard writer.write("HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nConnection: close\r\n\r\n") else { return false }
            let chunk = [UInt8](repeating: 0x41, count: 64 * 1024)
            var sent = 0
            while sent < total, writer.write(chunk) { sent += chunk.count }
            return false
        }
        guard case .failure(let error) = await get(client(server), server.base + "endless") else {
            Issue.record("an endless body was accepted")
            return
        }
        #expect(error.reason == .tooLarge(limit: Self.cap))
        #expect(error.status == 200)
        // The server's writes fail once the client has closed: what it got out is the cap plus
        // what the kernel's socket buffers held, nowhere near the 64 MiB it meant to send.
        #expect(server.sent < total / 2, "the server sent \(server.sent) bytes")
    }

    @Test("a chunked body is put back together, chunk extensions and trailers skipped")
    func chunkedBody() async throws {
        let server = try RawSocketServer { _, writer in
            writer.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                         + "5;name=value\r\nhello\r\n1\r\n,\r\n6\r\n world\r\n0\r\nX-Trailer: yes\r\n\r\n")
            return false
        }
        let response = try await client(server).get(URL(string: server.base + "chunked")!)
        #expect(String(decoding: response.body, as: UTF8.self) == "hello, world")
        #expect(response.header("Transfer-Encoding") == "chunked")
    }

    @Test("a chunked body that grows past the cap is cut there, whatever its chunk sizes announce")
    func chunkedBodyPastTheCap() async throws {
        let server = try RawSocketServer { _, writer in
            guard writer.write("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n") else { return false }
            let chunk = [UInt8]("10000\r\n".utf8) + [UInt8](repeating: 0x41, count: 0x10000) + [13, 10]
            for _ in 0..<1024 {
                guard writer.write(chunk) else { return false }
            }
            writer.write("0\r\n\r\n")
            return false
        }
        guard case .failure(let error) = await get(client(server), server.base + "chunks") else {
            Issue.record("64 MiB of chunks were accepted")
            return
        }
        #expect(error.reason == .tooLarge(limit: Self.cap))
    }

    @Test("requests in a row to the same origin share one kept-alive connection")
    func keepAliveReuse() async throws {
        let server = try RawSocketServer { request, writer in
            writer.write(Self.ok("ok \(request.target)"))
        }
        let client = client(server)
        for index in 0..<3 {
            let response = try await client.get(URL(string: server.base + "page\(index)")!)
            #expect(String(decoding: response.body, as: UTF8.self) == "ok /page\(index)")
        }
        #expect(server.requests.map(\.target) == ["/page0", "/page1", "/page2"])
        #expect(server.requests.map(\.connection) == [0, 0, 0])
    }

    @Test("a kept-alive connection the server closed while it sat idle is replaced, and the request succeeds")
    func closedIdleConnectionIsReplaced() async throws {
        // Says nothing of closing, then closes after each response: the client learns it only
        // when it tries the connection again.
        let server = try RawSocketServer { request, writer in
            writer.write(Self.ok("ok \(request.target)"))
            return false
        }
        let client = client(server)
        for index in 0..<3 {
            let response = try await client.get(URL(string: server.base + "page\(index)")!)
            #expect(String(decoding: response.body, as: UTF8.self) == "ok /page\(index)")
        }
        #expect(server.requests.map(\.connection) == [0, 1, 2])
    }

    @Test("a Content-Length longer than what arrives before the close is a truncated body, with both counts")
    func shortBodyIsTruncated() async throws {
        let server = try RawSocketServer { _, writer in
            writer.write("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nonly this")
            return false
        }
        guard case .failure(let error) = await get(client(server), server.base + "short") else {
            Issue.record("a cut body was taken whole")
            return
        }
        #expect(error.reason == .truncatedBody(received: 9, announced: 100))
        #expect(error.isTransient)
    }

    @Test("a request the caller cancels ends as cancelled while the server is still silent")
    func cancellationEndsTheWait() async throws {
        let server = try RawSocketServer { _, writer in
            // Holds the connection open without answering until the client goes away.
            var buffer = [UInt8](repeating: 0, count: 16)
            _ = recv(writer.fd, &buffer, buffer.count, 0)
            return false
        }
        let client = APIClient(.init(base: APIBaseURL(server.base)!, timeout: 600,
                                     limits: TransferLimits(maxBytes: Self.cap, deadlineSeconds: 600)))
        let task = Task { await get(client, server.base + "silent") }
        for _ in 0..<1000 where server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        guard case .failure(let error) = await task.value else { Issue.record("a silent server answered"); return }
        #expect(error.reason == .cancelled)
    }
}
