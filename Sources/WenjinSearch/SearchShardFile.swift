import Glibc
import WenjinBuildSupport

/// The bytes of a shard file, `wenjinSearch.addShard("XX",{"term":[postings],...});` with
/// terms in UTF-8 byte order (the order of their Unicode scalars): made from posting lists by
/// a full write, and read back by an update, which patches a few lists and copies the rest.
/// Terms are written unescaped: the tokenizer's terms are letters, marks, digits and CJK
/// characters, never a quote, backslash or control character, and the parser refuses those.
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
    /// parsing it and reads only the lists it changes, each up to its last change
    /// (`patchedList`), so patching a shard costs a scan for quotes and brackets, not a decoding
    /// of every list.
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

    /// The numbers between a term's brackets with `changes` applied: each names a document and
    /// its title bit before and after (nil: absent), ascending by document; an empty result is
    /// an empty list. The list is read only up to its last change, every number read checked
    /// (digits without leading zeros, documents increasing); from there on the output stands
    /// where the input does, so the rest is copied as it is. Nil when the list and the changes
    /// disagree (a document to remove that it lacks, one to add that it has) or a number read
    /// is not one this writer writes.
    static func patchedList(_ list: ArraySlice<UInt8>, changes: [(number: UInt32, old: UInt32?, new: UInt32?)]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(list.count + 8 * changes.count)
        var written: UInt64 = 0  // the last document written, or 0
        var read: UInt64 = 0     // the last document read, or 0
        var wroteAny = false
        var readAny = false
        var next = 0
        func emit(_ document: UInt64, _ title: UInt32) {
            if wroteAny { output.append(UInt8(ascii: ",")) }
            appendDecimal(UInt32(document - written) << 1 | title, to: &output)
            written = document
            wroteAny = true
        }
        var position = list.startIndex
        while position < list.endIndex {
            if next == changes.count && written == read {
                if wroteAny { output.append(UInt8(ascii: ",")) }
                output += list[position...]
                return output
            }
            // One number: digits up to a comma or the end.
            var value: UInt64 = 0
            var digits = 0
            while position < list.endIndex, list[position] != UInt8(ascii: ",") {
                let byte = list[position]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits == 0 || value != 0, digits < 11 else { return nil }
                value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
                digits += 1
                position += 1
            }
            guard digits > 0, !readAny || value >= 2 else { return nil }
            if position < list.endIndex {
                position += 1
                guard position < list.endIndex else { return nil }
            }
            let document = read + value >> 1
            guard document <= UInt64(UInt32.max >> 1) else { return nil }
            readAny = true
            while next < changes.count && UInt64(changes[next].number) < document {
                guard changes[next].old == nil, let new = changes[next].new else { return nil }
                emit(UInt64(changes[next].number), new)
                next += 1
            }
            if next < changes.count && UInt64(changes[next].number) == document {
                guard changes[next].old == UInt32(value & 1) else { return nil }
                if let new = changes[next].new { emit(document, new) }
                next += 1
            } else {
                emit(document, UInt32(value & 1))
            }
            read = document
        }
        while next < changes.count {
            guard changes[next].old == nil, let new = changes[next].new else { return nil }
            emit(UInt64(changes[next].number), new)
            next += 1
        }
        return output
    }

    /// `"term":[list]`, the list's numbers as they are.
    static func appendEntry(term: some Collection<UInt8>, list: [UInt8], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: term)
        bytes += [UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: "[")]
        bytes += list
        bytes.append(UInt8(ascii: "]"))
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
