import Dispatch
import Foundation
import Synchronization

/// Term → documents containing it, built on every core: each takes a contiguous run of
/// documents and the runs are joined in order, so lists stay sorted by document number.
struct SearchPostings {
    /// `document number << 1 | 1 if the term is in the title`, ascending, for each term.
    private(set) var lists: [String: [UInt32]] = [:]

    var termCount: Int { lists.count }

    /// A rough size of the shard files, to choose how many there are.
    var estimatedBytes: Int {
        lists.reduce(0) { $0 + $1.key.utf8.count + 5 + $1.value.count * 3 }
    }

    init(documents: [SearchDocument]) {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, documents.count / 64))
        let partials = Partials(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (documents.count * part / parts)..<(documents.count * (part + 1) / parts)
            partials.set(part, Lists(documents: documents, range: range))
        }
        // The first run's lists are taken as they are and later runs appended in place, so a
        // large index is never held twice over (as `merge` with `+` did).
        var cjk: [UInt64: [UInt32]]
        do {
            let first = partials.take(0)
            cjk = first.cjk
            lists = first.words
        }
        for part in 1..<parts {
            let partial = partials.take(part)
            for (code, postings) in partial.cjk { cjk[code, default: []].append(contentsOf: postings) }
            for (word, postings) in partial.words { lists[word, default: []].append(contentsOf: postings) }
        }
        for (code, postings) in cjk { lists[SearchTokenizer.cjkTerm(code)] = postings }
    }

    /// Terms grouped by shard, each group sorted by term; every shard appears, even empty.
    /// Consumes the lists and sorts in place, so terms are never held twice over.
    consuming func shards(count: Int) -> [(key: SearchShardKey, terms: [(term: String, postings: [UInt32])])] {
        var groups = [[(term: String, postings: [UInt32])]](repeating: [], count: count)
        for (term, postings) in lists {
            groups[SearchShardKey(term: term, shardCount: count).number].append((term, postings))
        }
        lists = [:]
        for number in groups.indices {
            groups[number].sort { $0.term.unicodeScalars.lexicographicallyPrecedes($1.term.unicodeScalars) }
        }
        return groups.enumerated().map { number, terms in (SearchShardKey(number: number), terms) }
    }
}

/// The lists of one contiguous run of documents; CJK terms stay numbers until the runs are joined.
private struct Lists: Sendable {
    var cjk: [UInt64: [UInt32]] = [:]
    var words: [String: [UInt32]] = [:]

    init() {}

    init(documents: [SearchDocument], range: Range<Int>) {
        var cjkFlags: [UInt64: UInt32] = [:]
        var wordFlags: [String: UInt32] = [:]
        for number in range {
            let document = documents[number]
            cjkFlags.removeAll(keepingCapacity: true)
            wordFlags.removeAll(keepingCapacity: true)
            if document.indexesTitle {
                SearchTokenizer.forEachTerm(in: document.title, cjk: { cjkFlags[$0] = 1 }, word: { wordFlags[$0] = 1 })
            }
            SearchTokenizer.forEachTerm(
                in: document.text,
                cjk: { if cjkFlags[$0] == nil { cjkFlags[$0] = 0 } },
                word: { if wordFlags[$0] == nil { wordFlags[$0] = 0 } })
            let base = UInt32(number) << 1
            for (code, flag) in cjkFlags { cjk[code, default: []].append(base | flag) }
            for (word, flag) in wordFlags { words[word, default: []].append(base | flag) }
        }
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
