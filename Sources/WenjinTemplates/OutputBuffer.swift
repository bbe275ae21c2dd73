/// The bytes of one rendering, appended in place (no intermediate strings), with HTML
/// escaping and the indentation of standalone partials and overriding blocks.
struct OutputBuffer {
    private(set) var bytes: [UInt8] = []
    /// Written before each non-empty line of template text while rendering an indented
    /// partial or block; empty almost always, which keeps the common path a plain copy.
    var indentation: [UInt8] = []
    /// Whether the next byte starts a line: indentation is written lazily, so a partial that
    /// ends with a newline leaves no stray indentation behind.
    private var atLineStart = true

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Template text: indented line by line (values are not, per the spec).
    mutating func appendText(_ text: [UInt8]) {
        guard let last = text.last else { return }
        if indentation.isEmpty {
            bytes.append(contentsOf: text)
        } else {
            text.withUnsafeBufferPointer { text in
                var lineStart = 0
                for index in text.indices where index == text.count - 1 || text[index] == newline {
                    if atLineStart, text[lineStart] != newline { bytes.append(contentsOf: indentation) }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[lineStart...index]))
                    atLineStart = text[index] == newline
                    lineStart = index + 1
                }
            }
        }
        atLineStart = last == newline
    }

    /// A value from the context, HTML-escaped or as is.
    mutating func appendValue(_ value: String, escaped: Bool) {
        guard !value.isEmpty else { return }
        if atLineStart, !indentation.isEmpty { bytes.append(contentsOf: indentation) }
        atLineStart = false
        if escaped { appendEscaped(value) } else { bytes.append(contentsOf: value.utf8) }
    }

    /// Escapes `& < > " '`; the spec's tests need the first four, and `'` keeps values safe
    /// inside single-quoted attributes.
    private mutating func appendEscaped(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            var copied = 0
            for index in utf8.indices {
                let entity: StaticString
                switch utf8[index] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied..<index]))
                bytes.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                copied = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[copied...]))
        }
    }
}
