import Dispatch
import Foundation
import Synchronization

/// Term → documents containing it, for the terms of some shards (all of them, or a range when
/// a large index is built in passes), built on every core: each takes a contiguous run of
/// document numbers and the runs are joined in order, so lists stay sorted. CJK terms stay
/// numbers until their shard is written.
struct SearchPostings {
    /// Which terms a pass keeps: those whose shard, out of `shardCount`, is in `shards`.
    struct Filter: Sendable {
        var shardCount: Int
        var shards: Range<Int>

        func keeps(_ hash: UInt32) -> Bool { shards.contains(Int(hash & UInt32(shardCount - 1))) }
    }

    /// `document number << 1 | 1 if the term is in the title`, ascending, for each term.
    private(set) var cjk: [UInt64: [UInt32]] = [:]
    private(set) var words: [String: [UInt32]] = [:]

    /// A rough size of the shard files, to choose how many there are:
    /// per term its bytes and 5, per posting 3. `SearchTermCensus` counts the same without lists.
    var estimatedBytes: Int {
        cjk.reduce(0) { $0 + SearchTokenizer.cjkByteCount($1.key) + 5 + $1.value.count * 3 }
            + words.reduce(0) { $0 + $1.key.utf8.count + 5 + $1.value.count * 3 }
    }

    /// The postings of `documents` numbered by `order` (number → position in `documents`).
    init(documents: [SearchDocument], order: [Int], filter: Filter?) {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, order.count / 64))
        let partials = Partials(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (order.count * part / parts)..<(order.count * (part + 1) / parts)
            partials.set(part, Lists(documents: documents, order: order, range: range, filter: filter))
        }
        // The first run's lists are taken as they are and later runs appended in place, so the
        // lists are never held twice over.
        let first = partials.take(0)
        cjk = first.cjk
        words = first.words
        for part in 1..<parts {
            let partial = partials.take(part)
            for (code, postings) in partial.cjk { cjk[code, default: []].append(contentsOf: postings) }
            for (word, postings) in partial.words { words[word, default: []].append(contentsOf: postings) }
        }
    }

    /// The terms of shards `range` (out of `count`), grouped by shard and sorted by term; every
    /// shard of the range appears, even empty. Consumes the lists, so terms are never held twice.
    consuming func shards(count: Int, range: Range<Int>) -> [(key: SearchShardKey, terms: [(term: String, postings: [UInt32])])] {
        var groups = [[(term: String, postings: [UInt32])]](repeating: [], count: range.count)
        let mask = UInt32(count - 1)
        for (code, postings) in cjk {
            groups[Int(SearchShardKey.hash(cjk: code) & mask) - range.lowerBound].append((SearchTokenizer.cjkTerm(code), postings))
        }
        cjk = [:]
        for (word, postings) in words {
            groups[Int(SearchShardKey.hash(utf8: word.utf8) & mask) - range.lowerBound].append((word, postings))
        }
        words = [:]
        for index in groups.indices {
            groups[index].sort { $0.term.utf8.lexicographicallyPrecedes($1.term.utf8) }
        }
        return groups.enumerated().map { index, terms in (SearchShardKey(number: range.lowerBound + index), terms) }
    }
}

/// The lists of one contiguous run of documents.
private struct Lists: Sendable {
    var cjk: [UInt64: [UInt32]] = [:]
    var words: [String: [UInt32]] = [:]

    init() {}

    init(documents: [SearchDocument], order: [Int], range: Range<Int>, filter: SearchPostings.Filter?) {
        var cjkFlags: [UInt64: UInt32] = [:]
        var wordFlags: [String: UInt32] = [:]
        for number in range {
            let document = documents[order[number]]
            cjkFlags.removeAll(keepingCapacity: true)
            wordFlags.removeAll(keepingCapacity: true)
            SearchTokenizer.forEachTerm(of: document, filter: filter, cjk: { code, title in
                if title { cjkFlags[code] = 1 } else if cjkFlags[code] == nil { cjkFlags[code] = 0 }
            }, word: { word, title in
                if title { wordFlags[word] = 1 } else if wordFlags[word] == nil { wordFlags[word] = 0 }
            })
            let base = UInt32(number) << 1
            for (code, flag) in cjkFlags { cjk[code, default: []].append(base | flag) }
            for (word, flag) in wordFlags { words[word, default: []].append(base | flag) }
        }
    }
}

extension SearchTokenizer {
    /// The terms of a document, title ones first (when its title is indexed) with `title` true,
    /// keeping only those `filter` keeps.
    static func forEachTerm(of document: SearchDocument, filter: SearchPostings.Filter?,
                            cjk: (UInt64, Bool) -> Void, word: (String, Bool) -> Void) {
        for (text, title) in [(document.title, true), (document.text, false)] where !title || document.indexesTitle {
            if let filter {
                forEachTerm(in: text, cjk: { if filter.keeps(SearchShardKey.hash(cjk: $0)) { cjk($0, title) } },
                            word: { if filter.keeps(SearchShardKey.hash(utf8: $0.utf8)) { word($0, title) } })
            } else {
                forEachTerm(in: text, cjk: { cjk($0, title) }, word: { word($0, title) })
            }
        }
    }

    /// UTF-8 bytes of a CJK term code's text.
    static func cjkByteCount(_ code: UInt64) -> Int {
        func count(_ scalar: UInt64) -> Int { scalar < 0x80 ? 1 : scalar < 0x800 ? 2 : scalar < 0x10000 ? 3 : 4 }
        return (code >> 21 != 0 ? count(code >> 21) : 0) + count(code & 0x1F_FFFF)
    }
}

/// The per-core results, handed from the concurrent workers to the joining thread.
private final class Partials: Sendable {
    private let slots: Mutex<[Lists]>

    init(count: Int) { slots = Mutex(Array(repeating: Lists(), count: count)) }

    func set(_ part: Int, _ lists: Lists) {
        slots.withLock { $0[part] = lists }
    }

    func take(_ part: Int) -> Lists {
        slots.withLock { slots in
            defer { slots[part] = Lists() }
            return slots[part]
        }
    }
}
