/// The project's one JSON parser (RFC 8259), over UTF-8 bytes, for API responses and the files
/// a user writes (site.json, takedowns.json). Every value and key records its byte offset; a
/// failure says what was wrong in words a user can act on and where, as an offset.
package struct JSONParser {
    /// Nesting limit, so a hostile body or file cannot overflow the stack.
    package static let maximumDepth = 200

    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0

    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONNode {
        let result: Result<JSONNode, JSONSyntaxError> = bytes.withUnsafeBufferPointer { buffer in
            var parser = JSONParser(bytes: buffer)
            return Result { () throws(JSONSyntaxError) in try parser.parseDocument() }
        }
        return try result.get()
    }

    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode { try parse(Array(text.utf8)) }

    private init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        // A UTF-8 byte-order mark is tolerated: some PHP files and editors write one.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        let node = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw failure("unexpected \(describeNext()) after the end of the JSON value") }
        return node
    }

    private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    private func failure(_ message: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, offset: offset ?? index)
    }

    /// The character at the current offset as a message names it.
    private func describeNext() -> String {
        switch peek {
        case nil: return "end of file"
        case UInt8(ascii: "\n"): return "end of line"
        case UInt8(ascii: "\t"): return "tab"
        default: return "'\(nextScalar)'"
        }
    }

    /// The scalar starting at the current offset (U+FFFD for bytes that are not UTF-8).
    private var nextScalar: Unicode.Scalar {
        let tail = UnsafeBufferPointer(rebasing: bytes[index..<min(index + 4, bytes.count)])
        return String(decoding: tail, as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        let start = index
        guard let byte = peek else { throw failure("unexpected end of file; a value was expected") }
        guard depth < Self.maximumDepth else { throw failure("values nested more than \(Self.maximumDepth) deep") }
        switch byte {
        case UInt8(ascii: "{"): return JSONNode(.object(try parseObject(depth: depth)), offset: start)
        case UInt8(ascii: "["): return JSONNode(.array(try parseArray(depth: depth)), offset: start)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), offset: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(try parseNumber(), offset: start)
        case UInt8(ascii: "t") where matches("true"): return JSONNode(.bool(true), offset: start)
        case UInt8(ascii: "f") where matches("false"): return JSONNode(.bool(false), offset: start)
        case UInt8(ascii: "n") where matches("null"): return JSONNode(.null, offset: start)
        case UInt8(ascii: "/"): throw failure("JSON has no comments; remove them")
        case UInt8(ascii: "'"): throw failure("strings must use double quotes (\")")
        default: throw failure("unexpected \(describeNext()); a value was expected")
        }
    }

    /// Consumes `word` when it is next and not the start of a longer word (`truex`).
    private mutating func matches(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let wanted = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard bytes[index..<index + count].elementsEqual(wanted) else { return false }
        if index + count < bytes.count, Self.isLetter(bytes[index + count]) { return false }
        index += count
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> [JSONMember] {
        index += 1  // {
        var members: [JSONMember] = []
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            let keyOffset = index
            guard let byte = peek else { throw failure("unexpected end of file inside an object") }
            guard byte == UInt8(ascii: "\"") else {
                if byte == UInt8(ascii: "}") { throw failure("trailing comma before '}'") }
                throw failure("expected a key in double quotes, found \(describeNext())")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw failure("expected ':' after the key \"\(key)\"") }
            index += 1
            members.append(JSONMember(key: key, keyOffset: keyOffset, value: try parseValue(depth: depth + 1)))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "}")?:
                index += 1
                return members
            case _?: throw failure("expected ',' or '}' after the value of \"\(key)\", found \(describeNext())")
            case nil: throw failure("unexpected end of file; '}' is missing")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> [JSONNode] {
        index += 1  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            skipWhitespace()
            if peek == UInt8(ascii: "]") { throw failure("trailing comma before ']'") }
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "]")?:
                index += 1
                return elements
            case _?: throw failure("expected ',' or ']' in the array, found \(describeNext())")
            case nil: throw failure("unexpected end of file; ']' is missing")
            }
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = index
        index += 1  // opening quote
        let contentStart = index
        // Most strings have no escapes: they are decoded straight from the document's bytes.
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                defer { index += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[contentStart..<index]), as: UTF8.self)
            case UInt8(ascii: "\\"):
                return try parseEscapedString(from: contentStart, quote: start)
            default:
                try checkPlain(quote: start)
                index += 1
            }
        }
        throw failure("unterminated string", at: start)
    }

    /// The rest of a string that holds escapes; the bytes before `index` had none.
    private mutating func parseEscapedString(from contentStart: Int, quote: Int) throws(JSONSyntaxError) -> String {
        var utf8 = Array(bytes[contentStart..<index])
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                index += 1
                try parseEscape(into: &utf8)
            default:
                try checkPlain(quote: quote)
                utf8.append(byte)
                index += 1
            }
        }
        throw failure("unterminated string", at: quote)
    }

    /// Refuses a raw control character inside a string (RFC 8259 §7).
    private func checkPlain(quote: Int) throws(JSONSyntaxError) {
        let byte = bytes[index]
        guard byte < 0x20 else { return }
        if byte == UInt8(ascii: "\n") { throw failure("unterminated string (strings cannot span lines)", at: quote) }
        throw failure("control character in a string; write it escaped")
    }

    private mutating func parseEscape(into utf8: inout [UInt8]) throws(JSONSyntaxError) {
        guard let byte = peek else { throw failure("unterminated string") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"): utf8.append(contentsOf: String(try parseUnicodeEscape()).utf8)
        default:
            index -= 1
            throw failure("unknown escape '\\\(nextScalar)'")
        }
    }

    /// The scalar of `\uXXXX`, or of a surrogate pair `\uD83D\uDE00` (PHP escapes emoji so).
    private mutating func parseUnicodeEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let high = try parseHex4()
        if (0xDC00...0xDFFF).contains(high) { throw failure("lone low surrogate in \\u escape") }
        guard (0xD800...0xDBFF).contains(high) else { return Unicode.Scalar(high)! }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
            throw failure("high surrogate not followed by a low surrogate")
        }
        index += 2
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low), let scalar = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        else { throw failure("high surrogate not followed by a low surrogate") }
        return scalar
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt8
            switch peek {
            case let byte? where (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte): digit = byte - UInt8(ascii: "0")
            case let byte? where (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20): digit = (byte | 0x20) - UInt8(ascii: "a") + 10
            default: throw failure("\\u must be followed by four hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONValue {
        let start = index
        var isInteger = true
        if peek == UInt8(ascii: "-") { index += 1 }
        guard let first = peek, Self.isDigit(first) else { throw failure("a digit must follow '-'") }
        if first == UInt8(ascii: "0") {
            index += 1
            if let next = peek, Self.isDigit(next) { throw failure("numbers cannot have leading zeros") }
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard let digit = peek, Self.isDigit(digit) else { throw failure("a digit must follow '.'") }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            guard let digit = peek, Self.isDigit(digit) else { throw failure("a digit must follow the exponent") }
            skipDigits()
        }
        let literal = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let integer = Int(literal) { return .integer(integer) }
        guard let double = Double(literal) else { throw failure("number out of range", at: start) }
        return .double(double)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    private mutating func skipDigits() {
        while let byte = peek, Self.isDigit(byte) { index += 1 }
    }
}
