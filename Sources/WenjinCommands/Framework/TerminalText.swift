/// Text someone else wrote (a draft's title, body or reason; a server's error message), made safe to print on
/// a terminal: control characters, which could move the cursor, rewrite earlier lines or change
/// the terminal's settings, and the invisible marks that reorder text are shown as `\u{…}`.
enum TerminalText {
    /// `text` with those characters escaped; `keepingLines` keeps line feeds and tabs (a body).
    static func escaped(_ text: String, keepingLines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isHidden($0, keepingLines: keepingLines) })
        else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isHidden(scalar, keepingLines: keepingLines) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isHidden(_ scalar: Unicode.Scalar, keepingLines: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !keepingLines
        case 0...0x1F, 0x7F...0x9F: true
        // Bidirectional embeddings, overrides and isolates: they make text read other than it is.
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
