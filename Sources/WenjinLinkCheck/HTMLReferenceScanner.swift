/// What a page links to and what it can be linked to: the `href` and `src` values of its tags
/// and its anchor names (`id`, and `name` on `<a>`).
struct PageLinks: Sendable {
    struct Reference: Sendable {
        let value: String
        let line: Int
    }

    var references: [Reference] = []
    var anchors: Set<String> = []
}

/// A small, careful scanner over HTML bytes that finds tags and their attributes the way a
/// browser tokenizer does for well-formed pages: comments, doctype and closing tags are
/// skipped, the raw text of `script`, `style`, `textarea` and `title` is not read as markup,
/// attribute values may be double-, single- or unquoted, and entities in them are decoded.
/// It builds no tree, so a page costs one pass over its bytes.
struct HTMLReferenceScanner {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var links = PageLinks()

    static func scan(_ bytes: [UInt8]) -> PageLinks {
        var scanner = HTMLReferenceScanner(bytes: bytes)
        scanner.run()
        return scanner.links
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func run() {
        while let open = next(UInt8(ascii: "<")) {
            position = open + 1
            if starts(with: "!--") {
                skip(past: "-->")
            } else if peek() == UInt8(ascii: "!") || peek() == UInt8(ascii: "?") || peek() == UInt8(ascii: "/") {
                skip(past: ">")
            } else if let byte = peek(), isLetter(byte) {
                let name = readTag()
                if ["script", "style", "textarea", "title"].contains(name) { skip(past: "</" + name) }
            }
        }
    }

    /// Reads a start tag from its name to its `>`, recording the attributes that matter.
    private mutating func readTag() -> String {
        let name = lowercasedWord(stoppingAt: { isSpace($0) || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "/") })
        while position < bytes.count {
            skipSpacesAndSlashes()
            guard let byte = peek() else { break }
            if byte == UInt8(ascii: ">") {
                position += 1
                break
            }
            let tagLine = line
            let attribute = lowercasedWord(stoppingAt: { isSpace($0) || $0 == UInt8(ascii: "=") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "/") })
            skipSpaces()
            var value: String?
            if peek() == UInt8(ascii: "=") {
                position += 1
                skipSpaces()
                value = readValue()
            }
            guard let value else { continue }
            switch attribute {
            case "href", "src": links.references.append(.init(value: value, line: tagLine))
            case "id": links.anchors.insert(value)
            case "name" where name == "a": links.anchors.insert(value)
            default: break
            }
        }
        return name
    }

    private mutating func readValue() -> String {
        guard let quote = peek() else { return "" }
        let start: Int
        let end: Int
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            start = position + 1
            end = next(quote, from: start) ?? bytes.count
            position = min(bytes.count, end + 1)
        } else {
            start = position
            var index = start
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
            end = index
            position = index
        }
        for byte in bytes[start..<end] where byte == 10 { line += 1 }
        return HTMLEntities.decode(bytes[start..<end])
    }

    // MARK: Byte helpers

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    /// The index of the next `byte` from `from`, counting the lines passed.
    private mutating func next(_ byte: UInt8, from: Int? = nil) -> Int? {
        var index = from ?? position
        while index < bytes.count {
            let current = bytes[index]
            if current == byte { return index }
            if current == 10 { line += 1 }
            index += 1
        }
        return nil
    }

    private func starts(with text: String) -> Bool {
        var index = position
        for byte in text.utf8 {
            guard index < bytes.count, lowercased(bytes[index]) == byte else { return false }
            index += 1
        }
        return true
    }

    /// Moves past the next occurrence of `text` (compared without case), or to the end.
    private mutating func skip(past text: String) {
        let first = Array(text.utf8)[0]
        while let found = next(first) {
            position = found
            if starts(with: text) {
                position += text.utf8.count
                return
            }
            position += 1
        }
        position = bytes.count
    }

    private mutating func lowercasedWord(stoppingAt stop: (UInt8) -> Bool) -> String {
        let start = position
        while position < bytes.count, !stop(bytes[position]) { position += 1 }
        if position == start { position += 1 }
        return String(decoding: bytes[start..<min(position, bytes.count)].map(lowercased), as: UTF8.self)
    }

    private mutating func skipSpaces() {
        while let byte = peek(), isSpace(byte) {
            if byte == 10 { line += 1 }
            position += 1
        }
    }

    private mutating func skipSpacesAndSlashes() {
        while let byte = peek(), isSpace(byte) || byte == UInt8(ascii: "/") {
            if byte == 10 { line += 1 }
            position += 1
        }
    }

}

private func isSpace(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 12 || byte == 13 }
private func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
private func lowercased(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }
