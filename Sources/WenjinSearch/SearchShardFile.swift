import Glibc
import WenjinBuildSupport

/// The bytes of a shard file, `wenjinSearch.addShard("XX",{"term":[postings],...});` with
/// terms in UTF-8 byte order (the order of their Unicode scalars): made from posting lists by
/// a full write, and read back strictly by an update, which patches a few lists and copies
/// the rest. Terms are written unescaped: the tokenizer's terms are letters, marks, digits
/// and CJK characters, never a quote, backslash or control character, and the parser refuses
/// those.
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

    /// The entries of a file this writer made for shard `name`, or nil if its frame differs from
    /// what it writes (header, quoting, terms and their order, brackets, ending). The lists are
    /// only delimited, not read: an update checks the file's hash against its state before
    /// parsing it and `decode`s only the lists it changes, so patching a shard costs a scan for
    /// quotes and brackets, not a decoding of every list.
    static func parse(_ bytes: [UInt8], name: String) -> [Entry]? {
        let head = header(name: name)
        guard bytes.count >= head.count + footer.count, bytes.starts(with: head), bytes.suffix(footer.count).elementsEqual(footer)
        else { return nil }
        let end = bytes.count - footer.count
        return bytes.withUnsafeBufferPointer { buffer -> [Entry]? in
            let base = buffer.baseAddress!
            /// The first `byte` at or after `start` and before the footer.
            func find(_ byte: UInt8, from start: Int) -> Int? {
                guard start < end, let found = memchr(base + start, Int32(byte), end - start) else { return nil }
                return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            var position = head.count
            var entries: [Entry] = []
            while position < end {
                if !entries.isEmpty {
                    guard base[position] == UInt8(ascii: ",") else { return nil }
                    position += 1
                }
                guard position < end, base[position] == UInt8(ascii: "\""), let close = find(UInt8(ascii: "\""), from: position + 1)
                else { return nil }
                let term = (position + 1)..<close
                guard !term.isEmpty, end - close >= 3, base[close + 1] == UInt8(ascii: ":"), base[close + 2] == UInt8(ascii: "[")
                else { return nil }
                for index in term where base[index] < 0x20 || base[index] == UInt8(ascii: "\\") { return nil }
                if let last = entries.last {
                    let shorter = min(last.term.count, term.count)
                    let order = memcmp(base + last.term.lowerBound, base + term.lowerBound, shorter)
                    guard order < 0 || (order == 0 && last.term.count < term.count) else { return nil }
                }
                guard let bracket = find(UInt8(ascii: "]"), from: close + 3), bracket > close + 3 else { return nil }
                let list = (close + 3)..<bracket
                if find(UInt8(ascii: "\""), from: list.lowerBound).map({ $0 < bracket }) == true { return nil }
                entries.append(Entry(term: term, list: list))
                position = bracket + 1
            }
            return entries
        }
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
