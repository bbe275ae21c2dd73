/// Parses a request head (RFC 9112 §2–5) strictly: anything ambiguous is a 400, because a
/// lenient parser is how request smuggling starts.
enum RequestHeadParser {
    /// `head` is the request line and the header lines, each ended by CRLF except the last,
    /// without the blank line that closes the head.
    static func parse(_ head: UnsafeBufferPointer<UInt8>, maxHeaderCount: Int) throws(RequestRejection) -> RequestHead {
        var lines = LineSplitter(head)
        guard let requestLine = lines.next() else { throw bad("empty request line") }
        let (method, target, version) = try parseRequestLine(requestLine)
        var headers = HTTPHeaders()
        while let line = lines.next() {
            guard headers.count < maxHeaderCount else {
                throw RequestRejection(status: .headerFieldsTooLarge, detail: "more than \(maxHeaderCount) header fields")
            }
            let (name, value) = try parseField(line)
            headers.add(name, value)
        }
        return RequestHead(method: method, target: target, version: version, headers: headers)
    }

    private static func parseRequestLine(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(RequestRejection) -> (HTTPMethod, String, HTTPVersion) {
        let parts = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw bad("the request line is not \"METHOD target HTTP/1.1\"") }
        let (methodBytes, targetBytes, versionBytes) = (parts[0], parts[1], parts[2])
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(isTokenByte) else { throw bad("invalid method") }
        guard !targetBytes.isEmpty, targetBytes.allSatisfy(isTargetByte),
              let target = String(validating: targetBytes, as: UTF8.self), isSupportedForm(target)
        else { throw bad("invalid request target") }
        let versionText = String(decoding: versionBytes, as: UTF8.self)
        guard let version = HTTPVersion(rawValue: versionText) else {
            if isWellFormedVersion(versionBytes) {
                throw RequestRejection(status: .versionNotSupported, detail: "\(versionText) is not supported; use HTTP/1.1")
            }
            throw bad("invalid HTTP version")
        }
        return (HTTPMethod(String(decoding: methodBytes, as: UTF8.self)), target, version)
    }

    private static func parseField(_ line: Slice<UnsafeBufferPointer<UInt8>>) throws(RequestRejection) -> (String, String) {
        guard let first = line.first else { throw bad("empty header line") }
        // A line starting with whitespace is obsolete line folding (RFC 9112 §5.2): refused, not joined.
        guard first != UInt8(ascii: " ") && first != UInt8(ascii: "\t") else { throw bad("folded header line") }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { throw bad("header line without a colon") }
        let nameBytes = line[..<colon]
        // Whitespace before the colon is forbidden (RFC 9112 §5.1); the token check catches it.
        guard !nameBytes.isEmpty, nameBytes.allSatisfy(isTokenByte) else { throw bad("invalid header name") }
        var valueBytes = line[line.index(after: colon)...]
        while let byte = valueBytes.first, isSpaceOrTab(byte) { valueBytes = valueBytes.dropFirst() }
        while let byte = valueBytes.last, isSpaceOrTab(byte) { valueBytes = valueBytes.dropLast() }
        guard valueBytes.allSatisfy(isFieldValueByte) else { throw bad("control character in a header value") }
        return (String(decoding: nameBytes, as: UTF8.self), String(decoding: valueBytes, as: UTF8.self))
    }

    /// origin-form (`/p?q`), absolute-form (`http://h/p`) or asterisk-form (`*`, for OPTIONS), RFC 9112 §3.2.
    /// Authority-form serves only CONNECT, which this server does not proxy.
    private static func isSupportedForm(_ target: String) -> Bool {
        if target.hasPrefix("/") || target == "*" { return true }
        guard let colon = target.firstIndex(of: ":"), colon > target.startIndex else { return false }
        let scheme = target[..<colon]
        return target[colon...].hasPrefix("://")
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    private static func bad(_ detail: String) -> RequestRejection {
        RequestRejection(status: .badRequest, detail: detail)
    }

    /// `HTTP/` DIGIT `.` DIGIT: a version we understand the shape of but do not speak (→ 505, not 400).
    private static func isWellFormedVersion(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        let text = Array(bytes)
        guard text.count == 8, text.starts(with: Array("HTTP/".utf8)), text[6] == UInt8(ascii: ".") else { return false }
        return isDigit(text[5]) && isDigit(text[7])
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isSpaceOrTab(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    /// tchar of RFC 9110 §5.6.2.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Visible ASCII and UTF-8 bytes: no space, no control character.
    private static func isTargetByte(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte != 0x7F
    }

    /// VCHAR, obs-text, space and tab (RFC 9110 §5.5).
    private static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\t") || (byte >= 0x20 && byte != 0x7F)
    }
}

/// Splits a head into CRLF-ended lines; a bare CR or LF stays inside its line, where the
/// byte checks refuse it.
private struct LineSplitter: IteratorProtocol {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        position = bytes.startIndex
    }

    mutating func next() -> Slice<UnsafeBufferPointer<UInt8>>? {
        guard position < bytes.endIndex else { return nil }
        var end = position
        while end < bytes.endIndex {
            if bytes[end] == UInt8(ascii: "\r"), end + 1 < bytes.endIndex, bytes[end + 1] == UInt8(ascii: "\n") { break }
            end += 1
        }
        let line = bytes[position..<end]
        position = min(end + 2, bytes.endIndex)
        return line
    }
}
