import Foundation
import Glibc

/// Sends bytes exactly as given to 127.0.0.1 and reads the answer: URLSession would normalize
/// `..` and percent-escapes before sending, which is precisely what these tests must not do.
struct RawHTTPClient {
    let port: Int

    struct Answer {
        let status: Int
        let head: String
        let body: [UInt8]
        var text: String { String(decoding: body, as: UTF8.self) }

        func header(_ name: String) -> String? {
            for line in head.split(separator: "\r\n").dropFirst() {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
            return nil
        }
    }

    /// One request with `Connection: close`; reads until the server closes (bounded by `timeout`).
    func send(_ method: String, _ target: String, headers: [String: String] = [:], timeout: Duration = .seconds(60)) throws -> Answer {
        var request = "\(method) \(target) HTTP/1.1\r\nConnection: close\r\n"
        if headers["Host"] == nil { request += "Host: 127.0.0.1:\(port)\r\n" }
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        request += "\r\n"
        let bytes = try exchange(Array(request.utf8), until: nil, timeout: timeout)
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { throw ClientError(message: "no head in \(text)") }
        let head = String(decoding: bytes[..<split.lowerBound], as: UTF8.self)
        let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
        return Answer(status: status, head: head, body: Array(bytes[split.upperBound...]))
    }

    /// Sends `request` and reads until `marker` appears in what came back (or the connection
    /// closes, or `timeout` passes); returns everything read.
    func exchange(_ request: [UInt8], until marker: String?, timeout: Duration) throws -> [UInt8] {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ClientError(message: "socket") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ClientError(message: "connect") }
        _ = request.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        let deadline = ContinuousClock.now + timeout
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while ContinuousClock.now < deadline {
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 50) >= 0 else { break }
            if poller.revents == 0 { continue }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return received }
            received += buffer[0..<count]
            if let marker, String(decoding: received, as: UTF8.self).contains(marker) { return received }
        }
        if marker != nil { throw ClientError(message: "timed out; got \(String(decoding: received, as: UTF8.self))") }
        return received
    }

    struct ClientError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}

/// A fresh temporary folder holding `site/` (the root) and files beside it that must never be served.
struct PreviewFolder {
    let base: URL
    var site: URL { base.appendingPathComponent("site") }

    init() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base.appendingPathComponent("site"), withIntermediateDirectories: true)
    }

    func write(_ text: String, to relativePath: String, in folder: URL? = nil) throws {
        let file = (folder ?? site).appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }
}
