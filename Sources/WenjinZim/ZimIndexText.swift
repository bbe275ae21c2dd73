import WenjinSite

/// What Kiwix's full-text index holds of a question or article: the page's own text as the build
/// has it (`PageText`), not its rendered HTML, so the navigation, sidebars and related questions
/// every page repeats are neither indexed nor found, and libzim parses no page.
struct ZimIndexText: Sendable {
    let title: String
    let content: String
    /// Topics, which libzim weighs as a page's keywords (three times the content).
    let keywords: String
    /// What Kiwix shows beside a result: a Chinese character counts as a word, as it reads.
    let wordCount: Int

    init(_ page: PageText) {
        title = page.title
        content = page.text
        keywords = page.keywords.joined(separator: " ")
        wordCount = Self.words(in: page.text)
    }

    /// Runs of letters and digits outside CJK, and each CJK character.
    static func words(in text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            if isCJK(scalar) {
                count += 1
                inWord = false
            } else if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if !inWord { count += 1 }
                inWord = true
            } else {
                inWord = false
            }
        }
        return count
    }

    private static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FA1F: true
        default: false
        }
    }
}
