import Dispatch
import Foundation
import Synchronization

/// The posting lists of a full write, each document tokenized once and the lists kept on disk
/// (`SearchSpill`) a group of terms at a time, so the write's time and memory grow with the
/// archive, not with its square (docs/design.md#search).
///
/// Terms are grouped by the low bits of their shard hash (`SearchShardKey`): at any shard count
/// (a power of two) a shard's terms are all in one group, or a shard takes several whole groups.
/// First every core tokenizes a contiguous run of document numbers and appends each document's
/// distinct terms to its groups' runs (`spill`); then each group is read back, its lists joined
/// in document order, and written again as finished shard entries sorted by term (`entries`),
/// which also counts what the shard count is chosen from.
struct SearchPostings {
    /// How many groups: at 100,000 questions a group's lists are about 2 MB.
    static let defaultGroups = 64
    /// Bytes of one group's run a core gathers before appending it to the spill.
    static let chunk = 64 * 1024

    /// One run of a group as one core appended it: `part` is the core's run of documents.
    struct Run: Sendable {
        var part: Int
        var sequence: Int
        var place: SearchSpill.Place
    }

    /// A group's shard entries: `hash`, then `"term":[list]` as `SearchShardFile` writes it.
    struct Entries: Sendable {
        var place: SearchSpill.Place
        var terms: Int
        /// `SearchIndex.shardCount`'s measure of the group: per term its bytes and 5, per posting 3.
        var estimatedBytes: Int
    }

    let groups: Int
    let spill: SearchSpill

    /// Tokenizes `documents` numbered by `order` (number → position) into the spill's runs, by group.
    func spill(documents: [SearchDocument], order: [Int]) -> [[Run]] {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, order.count / 64))
        let runs = Mutex([[Run]](repeating: [], count: groups))
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (order.count * part / parts)..<(order.count * (part + 1) / parts)
            var writer = RunWriter(groups: groups, part: part)
            var cjkFlags: [UInt64: UInt8] = [:]
            var wordFlags: [String: UInt8] = [:]
            for number in range {
                cjkFlags.removeAll(keepingCapacity: true)
                wordFlags.removeAll(keepingCapacity: true)
                SearchTokenizer.forEachTerm(of: documents[order[number]], cjk: { code, title in
                    if title { cjkFlags[code] = 1 } else if cjkFlags[code] == nil { cjkFlags[code] = 0 }
                }, word: { word, title in
                    if title { wordFlags[word] = 1 } else if wordFlags[word] == nil { wordFlags[word] = 0 }
                })
                for (code, flag) in cjkFlags { writer.add(cjk: code, title: flag, document: number) }
                for (word, flag) in wordFlags { writer.add(word: word, title: flag, document: number) }
                writer.flush(into: spill, runs: runs, whole: false)
            }
            writer.flush(into: spill, runs: runs, whole: true)
        }
        return runs.withLock { $0 }
    }

    /// Each group's lists, joined in document order and written back as sorted shard entries.
    func entries(runs: [[Run]]) -> [Entries] {
        let made = Mutex([Entries?](repeating: nil, count: groups))
        DispatchQueue.concurrentPerform(iterations: groups) { group in
            let entries = entries(group: runs[group].sorted { ($0.part, $0.sequence) < ($1.part, $1.sequence) })
            made.withLock { $0[group] = entries }
        }
        return made.withLock { $0.map { $0! } }
    }

    private func entries(group runs: [Run]) -> Entries {
        var cjk: [UInt64: [UInt32]] = [:]
        var words: [String: [UInt32]] = [:]
        var document: UInt32 = 0
        for run in runs {
            let bytes = spill.read(run.place)
            var position = 0
            func varint() -> UInt64 {
                var value: UInt64 = 0
                var shift: UInt64 = 0
                while true {
                    let byte = bytes[position]
                    position += 1
                    value |= UInt64(byte & 0x7F) << shift
                    if byte & 0x80 == 0 { return value }
                    shift += 7
                }
            }
            while position < bytes.count {
                let tag = bytes[position]
                position += 1
                switch tag {
                case RunWriter.document:
                    document = UInt32(varint())
                case RunWriter.cjk, RunWriter.cjk | 1:
                    cjk[varint(), default: []].append(document << 1 | UInt32(tag & 1))
                default:
                    let count = Int(varint())
                    let word = String(decoding: bytes[position..<(position + count)], as: UTF8.self)
                    position += count
                    words[word, default: []].append(document << 1 | UInt32(tag & 1))
                }
            }
        }
        var estimate = 0
        var terms: [(term: String, hash: UInt32, postings: [UInt32])] = []
        terms.reserveCapacity(cjk.count + words.count)
        for (code, postings) in cjk {
            estimate += SearchTokenizer.cjkByteCount(code) + 5 + postings.count * 3
            terms.append((SearchTokenizer.cjkTerm(code), SearchShardKey.hash(cjk: code), postings))
        }
        cjk = [:]
        for (word, postings) in words {
            estimate += word.utf8.count + 5 + postings.count * 3
            terms.append((word, SearchShardKey.hash(utf8: word.utf8), postings))
        }
        words = [:]
        terms.sort { $0.term.utf8.lexicographicallyPrecedes($1.term.utf8) }
        var bytes: [UInt8] = []
        var entry: [UInt8] = []
        for term in terms {
            entry.removeAll(keepingCapacity: true)
            SearchShardFile.appendEntry(term: term.term.utf8, postings: term.postings, to: &entry)
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: term.hash >> UInt32(shift))) }
            RunWriter.appendVarint(UInt64(entry.count), to: &bytes)
            bytes += entry
        }
        return Entries(place: spill.append(bytes), terms: terms.count, estimatedBytes: estimate)
    }
}

/// One core's runs being gathered, a buffer per group: records of a tag byte, then a document
/// number, a CJK term code, or a word's length and bytes. A group's records name their document
/// before its first term, and runs are read back in order, so a document is named once per group.
private struct RunWriter {
    static let document: UInt8 = 0xFF
    static let cjk: UInt8 = 2
    static let word: UInt8 = 4

    let part: Int
    private var buffers: [[UInt8]]
    private var named: [Int]
    private var sequence = 0

    init(groups: Int, part: Int) {
        self.part = part
        buffers = Array(repeating: [], count: groups)
        named = Array(repeating: -1, count: groups)
    }

    mutating func add(cjk code: UInt64, title: UInt8, document: Int) {
        let group = Int(SearchShardKey.hash(cjk: code)) & (buffers.count - 1)
        name(document, in: group)
        buffers[group].append(Self.cjk | title)
        Self.appendVarint(code, to: &buffers[group])
    }

    mutating func add(word: String, title: UInt8, document: Int) {
        let group = Int(SearchShardKey.hash(utf8: word.utf8)) & (buffers.count - 1)
        name(document, in: group)
        buffers[group].append(Self.word | title)
        Self.appendVarint(UInt64(word.utf8.count), to: &buffers[group])
        buffers[group] += word.utf8
    }

    private mutating func name(_ document: Int, in group: Int) {
        guard named[group] != document else { return }
        named[group] = document
        buffers[group].append(Self.document)
        Self.appendVarint(UInt64(document), to: &buffers[group])
    }

    /// Appends each buffer of a chunk or more (every non-empty one if `whole`) to the spill.
    mutating func flush(into spill: SearchSpill, runs: borrowing Mutex<[[SearchPostings.Run]]>, whole: Bool) {
        for group in buffers.indices where buffers[group].count >= (whole ? 1 : SearchPostings.chunk) {
            let place = spill.append(buffers[group])
            let run = SearchPostings.Run(part: part, sequence: sequence, place: place)
            sequence += 1
            runs.withLock { $0[group].append(run) }
            buffers[group].removeAll(keepingCapacity: !whole)
        }
    }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }
}

extension SearchTokenizer {
    /// The terms of a document, title ones first (when its title is indexed) with `title` true.
    static func forEachTerm(of document: SearchDocument, cjk: (UInt64, Bool) -> Void, word: (String, Bool) -> Void) {
        if document.indexesTitle { forEachTerm(in: document.title, cjk: { cjk($0, true) }, word: { word($0, true) }) }
        forEachTerm(in: document.text, cjk: { cjk($0, false) }, word: { word($0, false) })
    }

    /// UTF-8 bytes of a CJK term code's text.
    static func cjkByteCount(_ code: UInt64) -> Int {
        func count(_ scalar: UInt64) -> Int { scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4 }
        return (code >> 21 != 0 ? count(code >> 21) : 0) + count(code & 0x1F_FFFF)
    }
}
