/// Text made safe for XML 1.0 content and attribute values: the five special characters are
/// escaped and characters XML forbids (C0 controls other than tab, LF and CR, U+FFFE, U+FFFF)
/// are dropped, since no escape can carry them and one would make the whole file unreadable.
enum XMLText {
    static func append(_ text: String, to output: inout String) {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x26: output.append("&amp;")
            case 0x3C: output.append("&lt;")
            case 0x3E: output.append("&gt;")
            case 0x22: output.append("&quot;")
            case 0x27: output.append("&apos;")
            case 0x09, 0x0A, 0x0D: output.unicodeScalars.append(scalar)
            case 0x00..<0x20, 0xFFFE, 0xFFFF: continue
            default: output.unicodeScalars.append(scalar)
            }
        }
    }

    static func escaped(_ text: String) -> String {
        var output = ""
        append(text, to: &output)
        return output
    }
}
