/// The text steps of WeCenter's BBCode pipeline: bare `http(s)://` URLs become links and
/// line breaks get a `<br />` (`nl2br`). Markup already in the text (the home form's `<br>`
/// and `<img src='…'/>`) is left untouched.
enum InlineText {
    static func html(_ text: Substring, linkingURLs: Bool) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        var insideTag = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if insideTag {
                if character == ">" { insideTag = false }
                output.append(character)
            } else if character == "<" {
                insideTag = true
                output.append(character)
            } else if character == "\n" || character == "\r\n" {
                output += "<br />" + String(character)
            } else if linkingURLs, character == "h", let end = urlEnd(in: text, from: index) {
                let url = text[index..<end]
                output += "<a href=\"\(url)\">\(url)</a>"
                index = end
                continue
            } else {
                output.append(character)
            }
            index = text.index(after: index)
        }
        return output
    }

    /// Where a bare URL starting at `start` ends, if one starts there.
    private static func urlEnd(in text: Substring, from start: Substring.Index) -> Substring.Index? {
        let rest = text[start...]
        guard rest.hasPrefix("http://") || rest.hasPrefix("https://") else { return nil }
        // Not in the middle of a word or of another URL (`xhttp://`, `=http://`).
        if start > text.startIndex, let previous = text[text.index(before: start)].asciiValue,
            previous.isASCIIAlphanumeric || "/=:.".utf8.contains(previous)
        {
            return nil
        }
        var end = rest.startIndex
        while end < rest.endIndex, isURLCharacter(rest[end]) {
            // The text is HTML-escaped: `&lt;`, `&gt;` and `&quot;` are the characters that end a URL.
            if rest[end] == "&", ["&lt;", "&gt;", "&quot;"].contains(where: { rest[end...].hasPrefix($0) }) { break }
            end = rest.index(after: end)
        }
        let minimum = rest.index(start, offsetBy: rest.hasPrefix("https://") ? 8 : 7)
        return end > minimum ? end : nil
    }

    private static func isURLCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, ascii > 0x20, ascii < 0x7F else { return false }
        return !"<>\"'[]{}|\\^`".utf8.contains(ascii)
    }
}

extension UInt8 {
    fileprivate var isASCIIAlphanumeric: Bool {
        (48...57).contains(self) || (65...90).contains(self) || (97...122).contains(self)
    }
}
