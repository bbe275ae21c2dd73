import WenjinTemplates

/// A JSON value for schema.org JSON-LD, written with keys in the order given (so output is
/// deterministic) and escaped to be safe inside a `<script>` element.
indirect enum StructuredData: Sendable, ExpressibleByStringLiteral {
    case string(String)
    case int(Int)
    case array([StructuredData])
    case object([(String, StructuredData)])

    init(stringLiteral value: String) { self = .string(value) }

    /// The JSON text, trusted because it is written here and `<`, `>` and `&` are escaped, so
    /// nothing in it can close the script element.
    var scriptElementContent: TrustedHTML {
        var output = ""
        write(to: &output)
        return TrustedHTML(trusted: output)
    }

    private func write(to output: inout String) {
        switch self {
        case .string(let text): Self.writeString(text, to: &output)
        case .int(let value): output += String(value)
        case .array(let items):
            output += "["
            for (position, item) in items.enumerated() {
                if position > 0 { output += "," }
                item.write(to: &output)
            }
            output += "]"
        case .object(let fields):
            output += "{"
            for (position, (key, value)) in fields.enumerated() {
                if position > 0 { output += "," }
                Self.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    /// Copies runs of bytes that need no escape in one go, since most text (Chinese above all)
    /// needs none; the escapes are those of `JSONSerialization` plus the HTML-significant ones.
    static func writeString(_ text: String, to output: inout String) {
        output += "\""
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                var width = 1
                let escape: String?
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "\n"): escape = "\\n"
                case UInt8(ascii: "\r"): escape = "\\r"
                case UInt8(ascii: "\t"): escape = "\\t"
                case UInt8(ascii: "<"): escape = "\\u003c"
                case UInt8(ascii: ">"): escape = "\\u003e"
                case UInt8(ascii: "&"): escape = "\\u0026"
                case ..<0x20:
                    let hex = String(byte, radix: 16)
                    escape = "\\u00" + (hex.count < 2 ? "0" : "") + hex
                // U+2028 and U+2029 (E2 80 A8, E2 80 A9) end lines in older JavaScript.
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    escape = bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                default:
                    escape = nil
                }
                guard let escape else {
                    index += 1
                    continue
                }
                output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
                output += escape
                index += width
                runStart = index
            }
            output += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
        }
        output += "\""
    }
}
