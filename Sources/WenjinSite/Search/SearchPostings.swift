import Dispatch
import Foundation
import Synchronization

/// Term → documents containing it, built on every core: each takes a contiguous run of
/// documents and the runs are joined in order, so lists stay sorted by document number.
struct SearchPostings {
    /// `document number << 1 | 1 if the term is in the title`, ascending.
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
            var lists: [String: [UInt32]] = [:]
            var flags: [String: UInt32] = [:]
            for number in range {
                let document = documents[number]
                flags.removeAll(keepingCapacity: true)
                SearchTokenizer.forEachTerm(in: document.title) { flags[$0] = 1 }
                SearchTokenizer.forEachTerm(in: document.text) { term in
                    if flags[term] == nil { flags[term] = 0 }
                }
                let base = UInt32(number) << 1
                for (term, flag) in flags { lists[term, default: []].append(base | flag) }
            }
            partials.set(part, lists)
        }
        for part in 0..<parts {
            lists.merge(partials.take(part)) { $0 + $1 }
        }
    }

    /// Terms grouped by shard, each group sorted by term; every shard appears, even empty.
    func shards(count: Int) -> [(key: SearchShardKey, terms: [(term: String, postings: [UInt32])])] {
        var groups = [[(term: String, postings: [UInt32])]](repeating: [], count: count)
        for (term, postings) in lists {
            groups[SearchShardKey(term: term, shardCount: count).number].append((term, postings))
        }
        return groups.enumerated().map { number, terms in
            (SearchShardKey(number: number), terms.sorted { $0.term.unicodeScalars.lexicographicallyPrecedes($1.term.unicodeScalars) })
        }
    }
}

/// The per-core results, handed from the concurrent workers to the joining thread.
private final class Partials: Sendable {
    private let slots: Mutex<[[String: [UInt32]]]>

    init(count: Int) { slots = Mutex(Array(repeating: [:], count: count)) }

    func set(_ part: Int, _ lists: [String: [UInt32]]) {
        slots.withLock { $0[part] = lists }
    }

    func take(_ part: Int) -> [String: [UInt32]] {
        slots.withLock { slots in
            defer { slots[part] = [:] }
            return slots[part]
        }
    }
}
