/// Text made safe for XML 1.0 content and attribute values: the five special characters are
/// escaped and characters XML forbids (C0 controls other than tab, LF and CR, U+FFFE, U+FFFF)
/// are dropped, since no escape can carry them and one would make the whole file unreadable.
enum XMLText {
    static func append(_ text: String, to output: inout String) {
        // Most text (every sitemap URL) needs nothing: appended in one go, not scalar by scalar.
        if isSafe(text) {
            output.append(text)
            return
        }
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

    /// Whether `text` holds nothing `append` would escape or drop (looked for in its UTF-8:
    /// U+FFFE and U+FFFF are EF BF BE and EF BF BF).
    private static func isSafe(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            for index in bytes.indices {
                switch bytes[index] {
                case 0x26, 0x3C, 0x3E, 0x22, 0x27: return false
                case 0x09, 0x0A, 0x0D: continue
                case 0x00..<0x20: return false
                case 0xEF where index + 2 < bytes.count && bytes[index + 1] == 0xBF && bytes[index + 2] >= 0xBE: return false
                default: continue
                }
            }
            return true
        }
    }

    static func escaped(_ text: String) -> String {
        var output = ""
        append(text, to: &output)
        return output
    }
}
