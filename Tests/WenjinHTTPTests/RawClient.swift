import Glibc
import Foundation
@testable import WenjinHTTP

struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// A response as read byte for byte from a raw socket.
struct RawResponse {
    var statusLine: String
    var headers: HTTPHeaders
    var body: [UInt8]

    var status: Int { Int(statusLine.split(separator: " ")[1]) ?? 0 }
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A test client on a plain Glibc socket, for what URLSession hides: the exact bytes, one
/// connection reused, a server closing. Every read gives up after a few seconds, so a test
/// fails instead of hanging.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(host: String = "127.0.0.1", port: Int, receiveTimeoutSeconds: Int = 5) throws {
        let ipv6 = host.contains(":")
        fd = socket(ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestFailure("socket failed") }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        if ipv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = UInt16(port).bigEndian
            inet_pton(AF_INET6, host, &address.sin6_addr)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(port).bigEndian
            inet_pton(AF_INET, host, &address.sin_addr)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            throw TestFailure("connect to \(host) port \(port) failed: errno \(errno)")
        }
    }

    deinit {
        Glibc.close(fd)
    }

    func send(_ text: String) {
        send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads one response; `bodyless` for the answer to HEAD, whose Content-Length has no body behind it.
    /// Like `readToEnd`, a receive timeout alone does not end it: a loaded machine may be slow to answer.
    func readResponse(bodyless: Bool = false, patience: Duration = .seconds(60)) throws -> RawResponse {
        let deadline = ContinuousClock.now + patience
        var headEnd: Int?
        while headEnd == nil {
            if let end = indexAfter([13, 10, 13, 10]) {
                headEnd = end
            } else if !fill(until: deadline) {
                throw TestFailure("connection ended before a full response head (\(buffer.count) bytes)")
            }
        }
        let headText = String(decoding: buffer[..<(headEnd! - 4)], as: UTF8.self)
        var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst()
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw TestFailure("bad header line \(line)") }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        buffer.removeFirst(headEnd!)
        if !bodyless && headers["Transfer-Encoding"] == "chunked" {
            return RawResponse(statusLine: statusLine, headers: headers, body: try readChunks(until: deadline))
        }
        let length = bodyless ? 0 : Int(headers["Content-Length"] ?? "0") ?? 0
        while buffer.count < length {
            guard fill(until: deadline) else { break }
        }
        let body = Array(buffer.prefix(length))
        buffer.removeFirst(body.count)
        return RawResponse(statusLine: statusLine, headers: headers, body: body)
    }

    /// The decoded body of a chunked response, up to and including its last (empty) chunk.
    private func readChunks(until deadline: ContinuousClock.Instant) throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            while indexAfter([13, 10]) == nil {
                guard fill(until: deadline) else { throw TestFailure("connection ended inside a chunk size line") }
            }
            let lineEnd = indexAfter([13, 10])!
            let sizeText = String(decoding: buffer[..<(lineEnd - 2)], as: UTF8.self)
            guard let size = Int(sizeText, radix: 16) else { throw TestFailure("bad chunk size \(sizeText)") }
            buffer.removeFirst(lineEnd)
            while buffer.count < size + 2 {
                guard fill(until: deadline) else { throw TestFailure("connection ended inside a chunk") }
            }
            body.append(contentsOf: buffer[..<size])
            buffer.removeFirst(size + 2)
            if size == 0 { return body }
        }
    }

    /// Whether the server closes the connection: true on end of stream or reset, false when data
    /// arrives or `patience` passes first (receive timeouts are waited out: a loaded machine may be
    /// slow to close).
    func serverCloses(patience: Duration = .seconds(60)) -> Bool {
        let deadline = ContinuousClock.now + patience
        var byte: UInt8 = 0
        while ContinuousClock.now < deadline {
            let count = recv(fd, &byte, 1, 0)
            if count == 0 || (count < 0 && errno == ECONNRESET) { return true }
            if count > 0 || (errno != EAGAIN && errno != EWOULDBLOCK) { return false }
        }
        return false
    }

    /// Every byte until the server closes. A receive timeout alone does not end it: on a loaded
    /// machine the server may be slow to start answering, so it gives up only after `patience`.
    func readToEnd(patience: Duration = .seconds(60)) -> [UInt8] {
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline {
            if fill() { continue }
            if errno != EAGAIN && errno != EWOULDBLOCK { break }
        }
        defer { buffer.removeAll() }
        return buffer
    }

    /// Reads until `text` has arrived (true) or the server closes first (false); like
    /// `readToEnd`, a receive timeout alone does not end it before `patience`.
    func readUntil(_ text: String, patience: Duration = .seconds(60)) throws -> Bool {
        let deadline = ContinuousClock.now + patience
        while indexAfter(Array(text.utf8)) == nil {
            guard ContinuousClock.now < deadline else { throw TestFailure("no \(text) within \(patience)") }
            if !fill() && errno != EAGAIN && errno != EWOULDBLOCK { return false }
        }
        return true
    }

    /// Reads what arrives before `deadline`, waiting out receive timeouts; false on end of stream,
    /// on an error, or when the deadline passed.
    private func fill(until deadline: ContinuousClock.Instant) -> Bool {
        while ContinuousClock.now < deadline {
            if fill() { return true }
            if errno != EAGAIN && errno != EWOULDBLOCK { return false }
        }
        return false
    }

    /// Reads what has arrived; false on end of stream, on an error, or when the receive timeout
    /// passed (then `errno` is EAGAIN).
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count = recv(fd, &chunk, chunk.count, 0)
        if count == 0 { errno = 0 }
        guard count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    private func indexAfter(_ pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        for start in 0...(buffer.count - pattern.count) where buffer[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start + pattern.count
        }
        return nil
    }
}
