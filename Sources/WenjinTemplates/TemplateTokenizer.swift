/// Cuts template source into tokens, following set-delimiter tags as it goes.
///
/// Literal text is cut at every newline so the standalone pass can work line by line.
struct TemplateTokenizer {
    private let source: TemplateSource
    private var bytes: [UInt8] { source.bytes }
    private var opening = Array("{{".utf8)
    private var closing = Array("}}".utf8)

    init(source: TemplateSource) {
        self.source = source
    }

    mutating func tokenize() throws(TemplateError) -> [TemplateToken] {
        var tokens: [TemplateToken] = []
        var textStart = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == opening[0], matches(opening, at: index) {
                if textStart < index { tokens.append(TemplateToken(kind: .text, start: textStart, end: index)) }
                let tag = try readTag(at: index)
                tokens.append(tag)
                index = tag.end
                textStart = index
            } else if bytes[index] == newline {
                tokens.append(TemplateToken(kind: .text, start: textStart, end: index + 1))
                index += 1
                textStart = index
            } else {
                index += 1
            }
        }
        if textStart < bytes.count { tokens.append(TemplateToken(kind: .text, start: textStart, end: bytes.count)) }
        return tokens
    }

    private func matches(_ delimiter: [UInt8], at index: Int) -> Bool {
        guard index + delimiter.count <= bytes.count else { return false }
        for offset in delimiter.indices where bytes[index + offset] != delimiter[offset] { return false }
        return true
    }

    private func find(_ delimiter: [UInt8], from index: Int) -> Int? {
        var position = index
        while position + delimiter.count <= bytes.count {
            if matches(delimiter, at: position) { return position }
            position += 1
        }
        return nil
    }

    private mutating func readTag(at start: Int) throws(TemplateError) -> TemplateToken {
        let contentStart = start + opening.count
        let sigil = contentStart < bytes.count ? bytes[contentStart] : 0
        // Triple mustaches and set-delimiter tags end with their sigil's partner before the
        // closing delimiter, so `}}}` and `=}}` are found as one closing sequence.
        let terminator: [UInt8] = switch sigil {
        case UInt8(ascii: "{"): [UInt8(ascii: "}")] + closing
        case UInt8(ascii: "="): [UInt8(ascii: "=")] + closing
        default: closing
        }
        guard let contentEnd = find(terminator, from: contentStart + (terminator.count > closing.count ? 1 : 0)) else {
            throw source.error(at: start, .unclosedTag)
        }
        let end = contentEnd + terminator.count
        let raw = String(decoding: bytes[contentStart..<contentEnd], as: UTF8.self)
        let content = raw.trimmingWhitespace()
        guard let first = content.first else { throw source.error(at: start, .invalidTagName(raw)) }

        switch first {
        case "{" where sigil == UInt8(ascii: "{"):
            return try tag(.variable(escaped: false), String(content.dropFirst()), start, end)
        case "=" where sigil == UInt8(ascii: "="):
            try setDelimiters(String(content.dropFirst()), at: start)
            return TemplateToken(kind: .delimiters, start: start, end: end)
        case "!": return TemplateToken(kind: .comment, start: start, end: end)
        case "&": return try tag(.variable(escaped: false), String(content.dropFirst()), start, end)
        case "#": return try tag(.section, String(content.dropFirst()), start, end)
        case "^": return try tag(.inverted, String(content.dropFirst()), start, end)
        // A dynamic parent closes with its dynamic name: `{{<*layout}}…{{/*layout}}`.
        case "/": return try tag(.close, String(content.dropFirst()), start, end, allowsDynamic: true)
        case "$": return try tag(.block, String(content.dropFirst()), start, end)
        case ">": return try tag(.partial, String(content.dropFirst()), start, end, allowsDynamic: true)
        case "<": return try tag(.parent, String(content.dropFirst()), start, end, allowsDynamic: true)
        default: return try tag(.variable(escaped: true), content, start, end)
        }
    }

    private func tag(
        _ kind: TemplateToken.Kind, _ rawName: String, _ start: Int, _ end: Int, allowsDynamic: Bool = false
    ) throws(TemplateError) -> TemplateToken {
        var name = rawName.trimmingWhitespace()
        var isDynamic = false
        if allowsDynamic, name.hasPrefix("*") {
            isDynamic = true
            name = String(name.dropFirst()).trimmingWhitespace()
        }
        guard !name.isEmpty, !name.contains(where: \.isWhitespace) else {
            throw source.error(at: start, .invalidTagName(rawName))
        }
        return TemplateToken(kind: kind, start: start, end: end, name: name, isDynamic: isDynamic)
    }

    private mutating func setDelimiters(_ content: String, at start: Int) throws(TemplateError) {
        let parts = content.split(whereSeparator: \.isWhitespace)
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw source.error(at: start, .badDelimiters(content.trimmingWhitespace()))
        }
        opening = Array(parts[0].utf8)
        closing = Array(parts[1].utf8)
    }
}

extension String {
    func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }),
              let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
