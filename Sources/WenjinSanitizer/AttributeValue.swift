/// Checks on the values of allowed attributes: numbers must be numbers, enumerations must be
/// one of their words, so an allowed name cannot carry arbitrary payload into the page.
enum AttributeValue {
    static func isAcceptable(_ value: String, for name: String) -> Bool {
        switch name {
        case "width", "height":
            let digits = value.hasSuffix("%") ? value.dropLast() : Substring(value)
            return isNumber(digits, maxLength: 5)
        case "colspan", "rowspan", "start":
            return isNumber(Substring(value), maxLength: 4)
        case "dir":
            return ["ltr", "rtl", "auto"].contains(value.lowercased())
        case "scope":
            return ["row", "col", "rowgroup", "colgroup"].contains(value.lowercased())
        case "lang":
            return !value.isEmpty && value.utf8.count <= 35
                && value.unicodeScalars.allSatisfy { $0.properties.isASCIIHexDigit || $0.isASCIILetter || $0 == "-" }
        default:
            return true
        }
    }

    private static func isNumber(_ text: Substring, maxLength: Int) -> Bool {
        !text.isEmpty && text.utf8.count <= maxLength && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }
}

/// What a WeCenter `style` attribute meant, as far as the archive keeps it: underline
/// (`[u]`) and a pixel font size (`[size=N]`). Everything else in a style is dropped.
struct StyleMeaning {
    var underline = false
    var fontSize: Int?

    init(_ style: String) {
        for declaration in style.lowercased().split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let property = parts[0].filter { !$0.isWhitespace }
            let value = parts[1].filter { !$0.isWhitespace }
            switch property {
            case "text-decoration" where value.hasPrefix("underline"):
                underline = true
            case "font-size" where value.hasSuffix("px"):
                fontSize = Int(value.dropLast(2))
            default:
                continue
            }
        }
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { (65...90).contains(value) || (97...122).contains(value) }
}
