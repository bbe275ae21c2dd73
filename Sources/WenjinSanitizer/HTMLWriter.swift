/// Our serializer (never libxml2's): writes tags, attributes and escaped text as UTF-8.
/// Text escapes `& < >`, attribute values also `"`; void elements are written `<br />` so
/// the output is well-formed XML as well as HTML. Characters XML forbids are dropped and
/// CR/CRLF become LF, so that re-parsing reads back exactly what was written.
struct HTMLWriter {
    static let voidElements: Set<String> = ["br", "hr", "img", "wbr", "col"]

    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func openTag(_ name: String, attributes: [(String, String)]) {
        bytes.append(UInt8(ascii: "<"))
        bytes.append(contentsOf: name.utf8)
        for (attribute, value) in attributes {
            bytes.append(UInt8(ascii: " "))
            bytes.append(contentsOf: attribute.utf8)
            bytes.append(contentsOf: "=\"".utf8)
            var value = value
            value.withUTF8 { appendEscaped($0, inAttribute: true) }
            bytes.append(UInt8(ascii: "\""))
        }
        if Self.voidElements.contains(name) { bytes.append(contentsOf: " /".utf8) }
        bytes.append(UInt8(ascii: ">"))
    }

    /// Whether the last thing written, past white space, is the end tag of one of `names`.
    /// (Text and attribute values never hold a raw `<`, so only a tag can end this way.)
    func endsWithEndTag(of names: Set<String>) -> Bool {
        let end = endPastSpace
        guard end > 2, bytes[end - 1] == UInt8(ascii: ">") else { return false }
        var start = end - 1
        while start > 0, bytes[start - 1] != UInt8(ascii: "<") { start -= 1 }
        guard start > 0, bytes[start] == UInt8(ascii: "/") else { return false }
        return names.contains(String(decoding: bytes[(start + 1)..<(end - 1)], as: UTF8.self))
    }

    /// Removes every `<br />` written last, past white space (which stays).
    mutating func removeTrailingLineBreaks() {
        let tag = Array("<br />".utf8)
        while case let end = endPastSpace, end >= tag.count, bytes[(end - tag.count)..<end].elementsEqual(tag) {
            bytes.removeSubrange((end - tag.count)..<end)
        }
    }

    private var endPastSpace: Int {
        var end = bytes.count
        while end > 0, [0x20, 0x09, 0x0A].contains(bytes[end - 1]) { end -= 1 }
        return end
    }

    mutating func closeTag(_ name: String) {
        guard !Self.voidElements.contains(name) else { return }
        bytes.append(contentsOf: "</".utf8)
        bytes.append(contentsOf: name.utf8)
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { appendEscaped($0, inAttribute: false) }
    }

    /// Text straight from libxml2's NUL-terminated UTF-8, without a Swift String in between.
    mutating func text(cString: UnsafePointer<UInt8>) {
        var count = 0
        while cString[count] != 0 { count += 1 }
        let buffer = UnsafeBufferPointer(start: cString, count: count)
        appendEscaped(buffer, inAttribute: false)
    }

    private mutating func appendEscaped(_ input: UnsafeBufferPointer<UInt8>, inAttribute: Bool) {
        var index = 0
        let end = input.count
        while index < end {
            // Copy the run of bytes that need nothing in one go.
            var runEnd = index
            while runEnd < end, !Self.needsAttention(input[runEnd]) { runEnd += 1 }
            if runEnd > index {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: input[index..<runEnd]))
                index = runEnd
                if index == end { break }
            }
            let byte = input[index]
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: inAttribute ? "&quot;".utf8 : "\"".utf8)
            case UInt8(ascii: "\r"):
                // CRLF → LF, lone CR → LF (what an HTML parser does on input).
                if index + 1 == end || input[index + 1] != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"): bytes.append(byte)
            case 0..<0x20, 0x7F: break
            case 0xEF where index + 2 < end && input[index + 1] == 0xBF && input[index + 2] >= 0xBE:
                index += 2  // U+FFFE and U+FFFF are not characters.
            default: bytes.append(byte)
            }
            index += 1
        }
    }

    /// Bytes the escaping loop must look at: markup characters, controls, and 0xEF (the lead
    /// byte of U+FFFE and U+FFFF).
    @inline(__always)
    private static func needsAttention(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), 0..<0x20, 0x7F, 0xEF: true
        default: false
        }
    }
}
