import Foundation

/// Reads one response body off a connection by its framing (Content-Length, chunked, or until
/// the server closes), keeping at most `maxBytes`: the byte after the cap ends the read at
/// once, before anything more is taken off the socket.
struct BodyReader {
    enum Framing: Equatable {
        case none
        case length(Int)
        case chunked
        /// Read until the server closes; the connection cannot be reused.
        case untilClose
    }

    enum Failure: Error, Equatable {
        case socket(SocketFailure)
        case tooLarge
        case truncated(received: Int, announced: Int)
    }

    /// Longest chunk-size line or trailer line, and most trailer lines.
    static let maxChunkLineBytes = 4096
    static let maxTrailerLines = 64

    let connection: SocketConnection
    let limits: SocketWaitLimits
    let maxBytes: Int

    /// How `head` frames its body (RFC 9112 §6.3), or why it cannot be read.
    static func framing(of head: ResponseHead, method: String) throws(SocketFailure) -> Framing {
        guard head.hasBody(method: method) else { return .none }
        if let coding = head.field("transfer-encoding") {
            let codings = coding.lowercased().split(separator: ",").map { $0.trimmingASCIIWhitespace() }
            guard codings == ["chunked"] else { throw .malformed("unsupported Transfer-Encoding \(coding.debugDescription)") }
            return .chunked
        }
        if let text = head.field("content-length") {
            let values = Set(text.split(separator: ",").map { $0.trimmingASCIIWhitespace() })
            guard values.count == 1, let value = values.first, !value.isEmpty, value.count <= 18,
                  value.allSatisfy({ $0.isASCII && $0.isNumber }), let length = Int(value)
            else { throw .malformed("unreadable Content-Length \(text.debugDescription)") }
            return .length(length)
        }
        return .untilClose
    }

    func read(_ framing: Framing) throws(Failure) -> Data {
        let body = BodyBuffer(capacity: maxBytes)
        switch framing {
        case .none: break
        case .length(let length):
            guard length <= maxBytes else { throw .tooLarge }
            do {
                try take(length, into: body)
            } catch .socket(.closed) {
                throw .truncated(received: body.count, announced: length)
            }
        case .untilClose:
            reading: while true {
                if connection.available.isEmpty {
                    do {
                        try connection.fill(atMost: maxBytes - body.count + 1, limits: limits)
                    } catch .closed {
                        break reading
                    } catch {
                        throw .socket(error)
                    }
                }
                try keep(connection.available, into: body)
            }
        case .chunked:
            while true {
                let size = try chunkSize()
                if size == 0 { break }
                try take(size, into: body)
                guard try line().isEmpty else { throw .socket(.malformed("a chunk not followed by CRLF")) }
            }
            for _ in 0..<Self.maxTrailerLines {
                if try line().isEmpty { return body.take() }
            }
            throw .socket(.malformed("more than \(Self.maxTrailerLines) trailer lines"))
        }
        return body.take()
    }

    /// Moves `bytes` into `body`, or fails at the cap with nothing more read.
    private func keep(_ bytes: ArraySlice<UInt8>, into body: BodyBuffer) throws(Failure) {
        guard body.count + bytes.count <= maxBytes else { throw .tooLarge }
        body.append(bytes)
        connection.consume(bytes.count)
    }

    /// Moves exactly `count` bytes into `body`.
    private func take(_ count: Int, into body: BodyBuffer) throws(Failure) {
        var missing = count
        while missing > 0 {
            if connection.available.isEmpty {
                do { try connection.fill(atMost: min(missing, maxBytes - body.count + 1), limits: limits) } catch { throw .socket(error) }
            }
            let piece = connection.available.prefix(missing)
            try keep(piece, into: body)
            missing -= piece.count
        }
    }

    private func chunkSize() throws(Failure) -> Int {
        let text = try line()
        let digits = text.prefix { $0 != ";" }.trimmingASCIIWhitespace()
        guard !digits.isEmpty, digits.count <= 15, let size = Int(digits, radix: 16), size >= 0 else {
            throw .socket(.malformed("unreadable chunk size \(String(text.prefix(40)).debugDescription)"))
        }
        return size
    }

    /// One CRLF-ended line of the chunked framing, bounded in length.
    private func line() throws(Failure) -> String {
        while true {
            let available = connection.available
            if let newline = available.firstIndex(of: 0x0A) {
                var bytes = available[available.startIndex..<newline]
                if bytes.last == 0x0D { bytes = bytes.dropLast() }
                connection.consume(newline - available.startIndex + 1)
                return String(decoding: bytes, as: UTF8.self)
            }
            guard available.count <= Self.maxChunkLineBytes else { throw .socket(.malformed("a chunk line over \(Self.maxChunkLineBytes) bytes")) }
            do { try connection.fill(atMost: Self.maxChunkLineBytes + 2 - available.count, limits: limits) } catch { throw .socket(error) }
        }
    }
}
