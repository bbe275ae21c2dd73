/// Reads a response head off a connection within fixed limits, so a head that never ends, a
/// line that never ends or ten thousand fields is an error after a bounded number of bytes.
struct ResponseHeadReader {
    /// Longest status or field line; servers send a few hundred bytes, cookies a few KiB.
    static let maxLineBytes = 16 * 1024
    /// Most fields in one head (WeCenter sends about fifteen).
    static let maxFields = 256
    /// Most bytes in one head, all lines together.
    static let maxHeadBytes = 64 * 1024
    /// Interim (1xx) heads skipped before the final one.
    static let maxInterimHeads = 8

    let connection: SocketConnection
    let limits: SocketWaitLimits

    /// The final head, skipping interim 1xx heads (other than 101, which is refused).
    func read() throws(SocketFailure) -> ResponseHead {
        for _ in 0...Self.maxInterimHeads {
            let head = try readOne()
            guard (100...199).contains(head.status) else { return head }
            if head.status == 101 { throw .malformed("unasked protocol switch (101)") }
        }
        throw .malformed("more than \(Self.maxInterimHeads) interim (1xx) heads")
    }

    private func readOne() throws(SocketFailure) -> ResponseHead {
        var budget = Self.maxHeadBytes
        let statusLine = try line(budget: &budget)
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "HTTP/1.1" || parts[0] == "HTTP/1.0",
              parts[1].count == 3, parts[1].allSatisfy(\.isASCII), let status = Int(parts[1]), (100...999).contains(status)
        else { throw .malformed("not an HTTP/1.x status line: \(String(statusLine.prefix(80)).debugDescription)") }
        var fields: [String: String] = [:]
        var count = 0
        while true {
            let text = try line(budget: &budget)
            if text.isEmpty { break }
            count += 1
            guard count <= Self.maxFields else { throw .malformed("more than \(Self.maxFields) header fields") }
            guard let colon = text.firstIndex(of: ":"), colon != text.startIndex,
                  !text[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else { throw .malformed("not a header field: \(String(text.prefix(80)).debugDescription)") }
            let name = text[..<colon].lowercased()
            let value = String(text[text.index(after: colon)...].trimmingASCIIWhitespace())
            fields[name] = fields[name].map { "\($0), \(value)" } ?? value
        }
        return ResponseHead(version: String(parts[0]), status: status, fields: fields)
    }

    /// The next line without its CRLF (or bare LF), charged to `budget`.
    private func line(budget: inout Int) throws(SocketFailure) -> String {
        var searched = 0
        while true {
            let available = connection.available
            if let newline = available[(available.startIndex + searched)...].firstIndex(of: 0x0A) {
                let length = newline - available.startIndex + 1
                budget -= length
                guard length <= Self.maxLineBytes + 2 else { throw .malformed("a head line over \(Self.maxLineBytes) bytes") }
                guard budget >= 0 else { throw .malformed("a head over \(Self.maxHeadBytes) bytes") }
                var bytes = available[available.startIndex..<newline]
                if bytes.last == 0x0D { bytes = bytes.dropLast() }
                connection.consume(length)
                return String(decoding: bytes, as: UTF8.self)
            }
            searched = available.count
            guard searched <= Self.maxLineBytes else { throw .malformed("a head line over \(Self.maxLineBytes) bytes") }
            guard searched <= budget else { throw .malformed("a head over \(Self.maxHeadBytes) bytes") }
            do {
                try connection.fill(atMost: Self.maxLineBytes + 2 - searched, limits: limits)
            } catch .closed {
                throw connection.receivedSinceRequest == 0 ? .closed : .malformed("the connection closed in the middle of the head")
            }
        }
    }
}
