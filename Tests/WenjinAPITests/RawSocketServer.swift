import Foundation
import Glibc
import Synchronization
import WenjinTestSupport

/// A loopback server that writes whatever bytes a test gives it, broken HTTP included: a head
/// cut off mid-way, ten thousand fields, chunked or endless bodies. It reads each request head,
/// numbers connections, and serves requests on one connection for as long as the test's reply
/// says to keep it open (at most 100), so keep-alive reuse can be seen.
final class RawSocketServer: Sendable {
    struct Request: Sendable {
        /// Which accepted connection carried it, from 0.
        var connection: Int
        var target: String
    }

    /// Writes to the client; false once the client is gone. Counts what it sent.
    struct Writer {
        let fd: Int32
        let server: RawSocketServer

        @discardableResult
        func write(_ bytes: [UInt8]) -> Bool {
            var offset = 0
            while offset < bytes.count {
                let count = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if count <= 0 { return false }
                offset += count
                server.sentBytes.withLock { $0 += count }
            }
            return true
        }

        @discardableResult
        func write(_ text: String) -> Bool { write(Array(text.utf8)) }
    }

    /// Answers one request; returns whether to keep the connection open for another.
    typealias Reply = @Sendable (Request, Writer) -> Bool

    let port: UInt16
    private let listener: Int32
    private let reply: Reply
    private let seen = Mutex<[Request]>([])
    private let connections = Mutex(0)
    fileprivate let sentBytes = Mutex(0)

    var requests: [Request] { seen.withLock { $0 } }
    /// Body and head bytes the server managed to send, all connections together.
    var sent: Int { sentBytes.withLock { $0 } }
    var base: String { "http://127.0.0.1:\(port)/" }

    init(reply: @escaping Reply) throws {
        self.reply = reply
        let (fd, port) = try LoopbackPort.listening(backlog: 64)
        listener = fd
        self.port = UInt16(port)
        Thread { [self] in
            while true {
                let connection = accept(fd, nil, nil)
                guard connection >= 0 else { return }  // closed by deinit
                let number = connections.withLock { count in
                    defer { count += 1 }
                    return count
                }
                DispatchQueue.global().async { self.serve(connection, number: number) }
            }
        }.start()
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve(_ fd: Int32, number: Int) {
        defer { close(fd) }
        var pending = [UInt8]()
        for _ in 0..<100 {
            guard let target = readHead(fd, pending: &pending) else { return }
            let request = Request(connection: number, target: target)
            seen.withLock { $0.append(request) }
            guard reply(request, Writer(fd: fd, server: self)) else { return }
        }
    }

    /// The request target of the next head on the connection (requests here have no body).
    private func readHead(_ fd: Int32, pending: inout [UInt8]) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while pending.count < 1 << 16 {
            if let end = pending.firstRange(of: [13, 10, 13, 10]) {
                let line = String(decoding: pending[..<end.lowerBound], as: UTF8.self).prefix { $0 != "\r" }
                pending.removeFirst(end.upperBound)
                let parts = line.split(separator: " ")
                return parts.count >= 2 ? String(parts[1]) : nil
            }
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            pending += buffer[..<count]
        }
        return nil
    }
}
