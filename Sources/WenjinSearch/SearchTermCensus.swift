import Dispatch
import Foundation
import Synchronization

/// `SearchPostings.estimatedBytes` of all documents without building any posting list: the
/// distinct terms (as sets) and the number of postings. A large index counts first, to know
/// its shard count, then builds its lists in passes over groups of shards.
enum SearchTermCensus {
    static func estimatedBytes(documents: [SearchDocument], order: [Int]) -> Int {
        let parts = max(1, min(ProcessInfo.processInfo.activeProcessorCount, order.count / 64))
        let counts = Mutex<[Count]>([])
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let range = (order.count * part / parts)..<(order.count * (part + 1) / parts)
            let count = Count(documents: documents, order: order, range: range)
            counts.withLock { $0.append(count) }
        }
        var all = counts.withLock { counts in
            defer { counts = [] }
            return counts
        }
        // Unions into the largest sets, each part's sets dropped as soon as they are merged.
        all.sort { $0.cjk.count + $0.words.count > $1.cjk.count + $1.words.count }
        var total = all.removeFirst()
        while let part = all.popLast() {
            total.cjk.formUnion(part.cjk)
            total.words.formUnion(part.words)
            total.postings += part.postings
        }
        return total.cjk.reduce(0) { $0 + SearchTokenizer.cjkByteCount($1) + 5 }
            + total.words.reduce(0) { $0 + $1.utf8.count + 5 } + total.postings * 3
    }

    private struct Count: Sendable {
        var cjk: Set<UInt64> = []
        var words: Set<String> = []
        var postings = 0

        init(documents: [SearchDocument], order: [Int], range: Range<Int>) {
            var documentCJK: Set<UInt64> = []
            var documentWords: Set<String> = []
            for number in range {
                documentCJK.removeAll(keepingCapacity: true)
                documentWords.removeAll(keepingCapacity: true)
                SearchTokenizer.forEachTerm(of: documents[order[number]], filter: nil,
                                            cjk: { code, _ in documentCJK.insert(code) },
                                            word: { word, _ in documentWords.insert(word) })
                postings += documentCJK.count + documentWords.count
                cjk.formUnion(documentCJK)
                words.formUnion(documentWords)
            }
        }
    }
}
