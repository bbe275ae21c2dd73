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

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "<": output += "\\u003c"
            case ">": output += "\\u003e"
            case "&": output += "\\u0026"
            case "\u{2028}": output += "\\u2028"
            case "\u{2029}": output += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
