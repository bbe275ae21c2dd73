/// Cuts text into the terms the index stores. `Themes/default/assets/js/search.js` repeats
/// these rules for queries (`termsOfQuery`), so the two must change together.
///
/// Full-width ASCII folds to ASCII. Runs of CJK characters (Han, kana, Hangul) give each
/// character and each pair of neighbours; runs of other letters, marks and digits give one
/// lower-cased word (words over `maximumWordLength` scalars are noise such as hashes and are
/// skipped). Everything else separates terms.
enum SearchTokenizer {
    static let maximumWordLength = 40

    enum Class { case cjk, word, separator }

    /// Calls `body` with each term of `text`, in order and with repeats.
    static func forEachTerm(in text: String, _ body: (String) -> Void) {
        forEachTerm(in: text, cjk: { body(cjkTerm($0)) }, word: body)
    }

    /// The same terms, CJK ones as numbers (`cjkCode`) so that indexing hashes integers
    /// rather than building a string per character and pair.
    static func forEachTerm(in text: String, cjk: (UInt64) -> Void, word: (String) -> Void) {
        var bytes: [UInt8] = []
        var wordLength = 0
        var previousCJK: UInt32?
        func endWord() {
            if wordLength > 0 && wordLength <= maximumWordLength { word(String(decoding: bytes, as: UTF8.self)) }
            bytes.removeAll(keepingCapacity: true)
            wordLength = 0
        }
        for raw in text.unicodeScalars {
            let scalar = folded(raw)
            switch classify(scalar) {
            case .cjk:
                endWord()
                cjk(UInt64(scalar.value))
                if let previous = previousCJK { cjk(UInt64(previous) << 21 | UInt64(scalar.value)) }
                previousCJK = scalar.value
            case .word:
                previousCJK = nil
                appendLowercased(scalar, to: &bytes)
                wordLength += 1
            case .separator:
                previousCJK = nil
                endWord()
            }
        }
        endWord()
    }

    /// The text of a CJK term code: one character below 2²¹, else two (first one shifted by 21 bits).
    static func cjkTerm(_ code: UInt64) -> String {
        var scalars = String.UnicodeScalarView()
        if code >> 21 != 0 { scalars.append(Unicode.Scalar(UInt32(code >> 21))!) }
        scalars.append(Unicode.Scalar(UInt32(code & 0x1F_FFFF))!)
        return String(scalars)
    }

    /// Full-width forms of ASCII (`Ａ`, `１`) are the same letters to a reader.
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        if value >= 0xFF01 && value <= 0xFF5E { return Unicode.Scalar(value - 0xFEE0)! }
        return scalar
    }

    static func classify(_ scalar: Unicode.Scalar) -> Class {
        let value = scalar.value
        if value < 0x80 {
            switch UInt8(value) {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return .word
            default:
                return .separator
            }
        }
        if isCJK(value) { return .cjk }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return .word
        default:
            return .separator
        }
    }

    static func isCJK(_ value: UInt32) -> Bool {
        switch value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF, 0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }

    private static func appendLowercased(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        let value = scalar.value
        if value < 0x80 {
            bytes.append(value >= 0x41 && value <= 0x5A ? UInt8(value + 32) : UInt8(value))
        } else if scalar.properties.changesWhenLowercased {
            bytes.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
        } else {
            bytes.append(contentsOf: UTF8.encode(scalar)!)
        }
    }
}
