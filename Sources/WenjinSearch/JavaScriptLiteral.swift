/// Writes values as JavaScript (JSON) literals for the index files: deterministic, UTF-8 kept
/// as is, and safe to inline in a page (`<` and the JavaScript line separators are escaped).
package enum JavaScriptLiteral {
    static func appendString(_ text: String, to output: inout String) {
        output.append("\"")
        var start = text.unicodeScalars.startIndex
        let scalars = text.unicodeScalars
        var index = start
        while index < scalars.endIndex {
            let value = scalars[index].value
            let escape: String?
            switch value {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x3C: escape = "\\u003c"
            case 0x00..<0x20, 0x7F, 0x2028, 0x2029: escape = hexEscape(value)
            default: escape = nil
            }
            if let escape {
                // A substring of scalar-aligned indices appends as one copy; the scalar view appends one by one.
                output.append(contentsOf: text[start..<index])
                output.append(escape)
                start = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        output.append(contentsOf: text[start..<scalars.endIndex])
        output.append("\"")
    }

    package static func string(_ text: String) -> String {
        var output = ""
        appendString(text, to: &output)
        return output
    }

    private static func hexEscape(_ value: UInt32) -> String {
        let hex = String(value, radix: 16)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
}
