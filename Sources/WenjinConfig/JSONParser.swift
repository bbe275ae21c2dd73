/// A strict JSON (RFC 8259) parser that records the line and column of every value and key.
/// It exists for error messages: site.json is small, so clarity beats speed here.
package struct JSONParser {
    package struct SyntaxError: Error, Sendable, Equatable {
        package let message: String
        package let position: TextPosition
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1
    /// Nesting limit, so a hostile file cannot overflow the stack.
    private let maximumDepth = 128

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    package static func parse(_ text: String) throws(SyntaxError) -> JSONNode {
        var parser = JSONParser(text)
        if parser.peek == "\u{FEFF}" { parser.advance() }
        let node = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if let extra = parser.peek {
            throw parser.error("unexpected \(describe(extra)) after the end of the JSON value")
        }
        return node
    }

    private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }
    private var position: TextPosition { TextPosition(line: line, column: column) }

    private mutating func advance() {
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private func error(_ message: String, at position: TextPosition? = nil) -> SyntaxError {
        SyntaxError(message: message, position: position ?? self.position)
    }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "end of line"
        case "\t": return "tab"
        default: return "'\(scalar)'"
        }
    }

    private mutating func skipWhitespace() {
        while let scalar = peek, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { advance() }
    }

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONNode {
        skipWhitespace()
        let start = position
        guard let scalar = peek else { throw error("unexpected end of file; a value was expected") }
        guard depth < maximumDepth else { throw error("values nested more than \(maximumDepth) deep") }
        switch scalar {
        case "{": return JSONNode(value: .object(try parseObject(depth: depth)), position: start)
        case "[": return JSONNode(value: .array(try parseArray(depth: depth)), position: start)
        case "\"": return JSONNode(value: .string(try parseString()), position: start)
        case "-", "0"..."9": return JSONNode(value: try parseNumber(), position: start)
        case "/": throw error("JSON has no comments; remove them")
        default:
            for (word, value) in [("true", JSONNode.Value.bool(true)), ("false", .bool(false)), ("null", .null)]
            where matches(word) {
                for _ in word.unicodeScalars { advance() }
                return JSONNode(value: value, position: start)
            }
            if scalar == "'" { throw error("strings must use double quotes (\")") }
            throw error("unexpected \(Self.describe(scalar)); a value was expected")
        }
    }

    private func matches(_ word: String) -> Bool {
        let wanted = Array(word.unicodeScalars)
        guard index + wanted.count <= scalars.count, Array(scalars[index..<index + wanted.count]) == wanted else {
            return false
        }
        // `truex` is not `true` followed by garbage we could explain better.
        if index + wanted.count < scalars.count, scalars[index + wanted.count].properties.isAlphabetic { return false }
        return true
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> [JSONNode.Member] {
        advance()  // {
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if peek == "}" {
            advance()
            return members
        }
        while true {
            skipWhitespace()
            let keyPosition = position
            guard let scalar = peek else { throw error("unexpected end of file inside an object") }
            guard scalar == "\"" else {
                if scalar == "}" { throw error("trailing comma before '}'") }
                throw error("expected a key in double quotes, found \(Self.describe(scalar))")
            }
            let key = try parseString()
            skipWhitespace()
            guard peek == ":" else { throw error("expected ':' after the key \"\(key)\"") }
            advance()
            let value = try parseValue(depth: depth + 1)
            members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            switch peek {
            case ","?: advance()
            case "}"?:
                advance()
                return members
            case let other?: throw error("expected ',' or '}' after the value of \"\(key)\", found \(Self.describe(other))")
            case nil: throw error("unexpected end of file; '}' is missing")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> [JSONNode] {
        advance()  // [
        var elements: [JSONNode] = []
        skipWhitespace()
        if peek == "]" {
            advance()
            return elements
        }
        while true {
            skipWhitespace()
            if peek == "]" { throw error("trailing comma before ']'") }
            elements.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            switch peek {
            case ","?: advance()
            case "]"?:
                advance()
                return elements
            case let other?: throw error("expected ',' or ']' in the array, found \(Self.describe(other))")
            case nil: throw error("unexpected end of file; ']' is missing")
            }
        }
    }

    private mutating func parseString() throws(SyntaxError) -> String {
        let start = position
        advance()  // opening quote
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek else { throw error("unterminated string", at: start) }
            switch scalar {
            case "\"":
                advance()
                return String(text)
            case "\\":
                advance()
                text.append(try parseEscape())
            case "\n":
                throw error("unterminated string (strings cannot span lines)", at: start)
            default:
                if scalar.value < 0x20 { throw error("control character in a string; write it escaped") }
                text.append(scalar)
                advance()
            }
        }
    }

    private mutating func parseEscape() throws(SyntaxError) -> Unicode.Scalar {
        guard let scalar = peek else { throw error("unterminated string") }
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "\"": "\"", "\\": "\\", "/": "/", "b": "\u{08}", "f": "\u{0C}", "n": "\n", "r": "\r", "t": "\t",
        ]
        if let replacement = simple[scalar] {
            advance()
            return replacement
        }
        guard scalar == "u" else { throw error("unknown escape '\\\(scalar)'") }
        advance()
        let high = try parseHex4()
        guard (0xD800...0xDBFF).contains(high) else {
            guard let result = Unicode.Scalar(high) else { throw error("lone low surrogate in \\u escape") }
            return result
        }
        guard peek == "\\" else { throw error("high surrogate not followed by a low surrogate") }
        advance()
        guard peek == "u" else { throw error("high surrogate not followed by a low surrogate") }
        advance()
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low),
              let result = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) else {
            throw error("high surrogate not followed by a low surrogate")
        }
        return result
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = peek, let digit = UInt32(String(scalar), radix: 16) else {
                throw error("\\u must be followed by four hexadecimal digits")
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONNode.Value {
        let start = index
        var isInteger = true
        if peek == "-" { advance() }
        guard let first = peek, ("0"..."9").contains(first) else { throw error("a digit must follow '-'") }
        if first == "0" {
            advance()
            if let next = peek, ("0"..."9").contains(next) { throw error("numbers cannot have leading zeros") }
        } else {
            skipDigits()
        }
        if peek == "." {
            isInteger = false
            advance()
            guard let digit = peek, ("0"..."9").contains(digit) else { throw error("a digit must follow '.'") }
            skipDigits()
        }
        if peek == "e" || peek == "E" {
            isInteger = false
            advance()
            if peek == "+" || peek == "-" { advance() }
            guard let digit = peek, ("0"..."9").contains(digit) else { throw error("a digit must follow the exponent") }
            skipDigits()
        }
        var literal = String.UnicodeScalarView()
        literal.append(contentsOf: scalars[start..<index])
        guard let number = Double(String(literal)) else { throw error("number out of range") }
        return .number(number, isInteger: isInteger)
    }

    private mutating func skipDigits() {
        while let scalar = peek, ("0"..."9").contains(scalar) { advance() }
    }
}
