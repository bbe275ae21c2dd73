import CLibXML2

/// Decodes character references in plain text (titles, names, comments), once.
/// Named references use libxml2's HTML 4 table (plus `&apos;`); unknown names and
/// references without their `;` stay as written, since PHP always writes the `;`.
enum EntityDecoder {
    static func decode(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        var output = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "&", let (decoded, length) = reference(in: scalars, at: index) {
                output.append(decoded)
                index += length
            } else {
                output.append(scalar)
                index += 1
            }
        }
        return String(output)
    }

    /// The character of the reference starting at `start` (an `&`) and its length.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar, Int)? {
        let limit = min(scalars.count, start + 34)
        var end = start + 1
        while end < limit, scalars[end] != ";" { end += 1 }
        guard end < limit, end > start + 1 else { return nil }
        let body = String(String.UnicodeScalarView(scalars[(start + 1)..<end]))
        let length = end - start + 1
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value else { return nil }
            // NUL, surrogates and values past Unicode read as U+FFFD, as in a browser.
            return (Unicode.Scalar(value).flatMap { $0.value == 0 ? nil : $0 } ?? "\u{FFFD}", length)
        }
        if body == "apos" { return ("'", length) }
        guard body.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) }),
            let entity = body.utf8CString.withUnsafeBufferPointer({
                $0.withMemoryRebound(to: xmlChar.self) { htmlEntityLookup($0.baseAddress) }
            }),
            let scalar = Unicode.Scalar(entity.pointee.value)
        else { return nil }
        return (scalar, length)
    }
}
