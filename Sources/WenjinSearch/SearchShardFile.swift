import WenjinBuildSupport

/// The bytes of a shard file, `wenjinSearch.addShard("XX",{"term":[postings],...});` with
/// terms in UTF-8 byte order (the order of their Unicode scalars): made from posting lists by
/// a full write, and read back strictly by an update, which patches a few lists and copies
/// the rest. Terms are written unescaped: the tokenizer's terms are letters, marks, digits
/// and CJK characters, never a quote, backslash or control character, and the parser refuses
/// those, so a file it accepts is one this writer made.
enum SearchShardFile {
    /// A term of a parsed file and its posting list, as ranges of the file's bytes.
    struct Entry {
        var term: Range<Int>
        /// The numbers between the brackets.
        var list: Range<Int>
    }

    static func path(name: String, layout: SearchIndex.Layout) -> SitePath {
        SitePath("\(layout.folder)/shard-\(name).js")
    }

    static func header(name: String) -> [UInt8] { Array("wenjinSearch.addShard(\"\(name)\",{".utf8) }
    static let footer: [UInt8] = Array("});\n".utf8)

    /// A whole file; `entries` sorted by term bytes, each list ascending.
    static func render(name: String, entries: [(term: String, postings: [UInt32])]) -> [UInt8] {
        var bytes = header(name: name)
        for (index, entry) in entries.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendEntry(term: entry.term.utf8, postings: entry.postings, to: &bytes)
        }
        bytes += footer
        return bytes
    }

    /// `"term":[deltas]`: `(number - previous number) * 2 + title bit`, the first relative to 0.
    static func appendEntry(term: some Collection<UInt8>, postings: [UInt32], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: term)
        bytes += [UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: "[")]
        var previous: UInt32 = 0
        for (index, posting) in postings.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            let document = posting >> 1
            appendDecimal((document - previous) << 1 | (posting & 1), to: &bytes)
            previous = document
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// The entries of a file this writer made for shard `name`, or nil if anything in it
    /// differs from what it writes (header, quoting, number forms, term order, ending).
    static func parse(_ bytes: [UInt8], name: String) -> [Entry]? {
        let head = header(name: name)
        guard bytes.count >= head.count + footer.count, bytes.starts(with: head), bytes.suffix(footer.count).elementsEqual(footer)
        else { return nil }
        let end = bytes.count - footer.count
        var position = head.count
        var entries: [Entry] = []
        while position < end {
            if !entries.isEmpty {
                guard bytes[position] == UInt8(ascii: ",") else { return nil }
                position += 1
            }
            guard position < end, bytes[position] == UInt8(ascii: "\"") else { return nil }
            let termStart = position + 1
            position = termStart
            while position < end, bytes[position] != UInt8(ascii: "\"") {
                guard bytes[position] >= 0x20, bytes[position] != UInt8(ascii: "\\") else { return nil }
                position += 1
            }
            let term = termStart..<position
            guard !term.isEmpty, end - position >= 3, bytes[position + 1] == UInt8(ascii: ":"), bytes[position + 2] == UInt8(ascii: "[")
            else { return nil }
            if let last = entries.last, !bytes[last.term].lexicographicallyPrecedes(bytes[term]) { return nil }
            position += 3
            let listStart = position
            while position < end, bytes[position] != UInt8(ascii: "]") { position += 1 }
            guard position < end, decode(bytes[listStart..<position]) != nil else { return nil }
            entries.append(Entry(term: term, list: listStart..<position))
            position += 1
        }
        return entries
    }

    /// The postings (`number << 1 | title bit`) of a list's numbers, or nil unless it is one
    /// or more decimals, without leading zeros, separated by commas, and increasing.
    static func decode(_ list: ArraySlice<UInt8>) -> [UInt32]? {
        var postings: [UInt32] = []
        var document: UInt64 = 0
        var value: UInt64 = 0
        var digits = 0
        func finish() -> Bool {
            guard digits > 0, !postings.isEmpty ? value >= 2 : true else { return false }
            document += value >> 1
            guard document <= UInt64(UInt32.max >> 1) else { return false }
            postings.append(UInt32(document << 1 | (value & 1)))
            value = 0
            digits = 0
            return true
        }
        for byte in list {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard digits == 0 || value != 0, digits < 11 else { return nil }
                value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: ","):
                guard finish() else { return nil }
            default:
                return nil
            }
        }
        guard finish() else { return nil }
        return postings
    }

    private static func appendDecimal(_ value: UInt32, to bytes: inout [UInt8]) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }
}
