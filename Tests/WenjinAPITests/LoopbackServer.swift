import Foundation
import Glibc
import Synchronization
import WenjinTestSupport

/// A tiny HTTP/1.1 server on 127.0.0.1 for transport tests: one thread accepts, each
/// connection is served on its own thread, one request per connection (`Connection: close`).
final class LoopbackServer: Sendable {
    struct Request: Sendable {
        var method: String
        var target: String
        /// Header names lower-cased.
        var headers: [String: String]
        var body: Data
    }

    struct Reply: Sendable {
        var status: Int
        var headers: [(String, String)]
        var body: Data

        init(status: Int = 200, headers: [(String, String)] = [("Content-Type", "text/html; charset=utf-8")], body: String) {
            self.status = status
            self.headers = headers
            self.body = Data(body.utf8)
        }
    }

    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Reply
    private let received = Mutex<[Request]>([])

    var requests: [Request] { received.withLock { $0 } }
    var base: String { "http://127.0.0.1:\(port)/" }

    init(handler: @escaping @Sendable (Request) -> Reply) throws {
        self.handler = handler
        let (fd, port) = try LoopbackPort.listening()
        listener = fd
        self.port = UInt16(port)
        let socketFD = self.listener
        // Only this thread closes the listener, once `stop()` has shut it down and woken its
        // `accept`: closed from `stop()`, its number could be reused by the next test's listener
        // before this loop notices, and this server would answer that test's requests.
        Thread { [self] in
            while true {
                let connection = accept(socketFD, nil, nil)
                guard connection >= 0 else {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    close(socketFD)
                    return
                }
                DispatchQueue.global().async { self.serve(connection) }
            }
        }.start()
    }

    func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        guard let request = read(connection) else { return }
        received.withLock { $0.append(request) }
        let reply = handler(request)
        var head = "HTTP/1.1 \(reply.status) Status\r\nConnection: close\r\nContent-Length: \(reply.body.count)\r\n"
        for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
        let bytes = [UInt8]((head + "\r\n").utf8) + [UInt8](reply.body)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count <= 0 { return }
            sent += count
        }
    }

    private func read(_ connection: Int32) -> Request? {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let separator: [UInt8] = [13, 10, 13, 10]
        while data.count < 1 << 20 {
            if let end = data.firstRange(of: separator) {
                let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let requestLine = lines.removeFirst().split(separator: " ")
                var headers: [String: String] = [:]
                for line in lines {
                    guard let colon = line.firstIndex(of: ":") else { continue }
                    headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                if data.count - end.upperBound >= length, requestLine.count >= 2 {
                    let body = Data(data[end.upperBound..<end.upperBound + length])
                    return Request(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
                }
            }
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            data += buffer[..<count]
        }
        return nil
    }
}
