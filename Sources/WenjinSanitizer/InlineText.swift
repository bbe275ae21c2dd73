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
        if start > text.startIndex, isURLCharacter(text[text.index(before: start)]) { return nil }
        let end = rest.firstIndex(where: { !isURLCharacter($0) }) ?? rest.endIndex
        let minimum = rest.index(start, offsetBy: rest.hasPrefix("https://") ? 8 : 7)
        return end > minimum ? end : nil
    }

    private static func isURLCharacter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue, ascii > 0x20, ascii < 0x7F else { return false }
        return !"<>\"'[]{}|\\^`".utf8.contains(ascii)
    }
}
