import WenjinModel

/// One table's row digests (`RowDigests`), sorted by row ID in one flat array of words — ID,
/// digest, ID, digest… — searched by halving. Read and written as it lies: at 100,000
/// questions the row digests hold a million entries, and decoding them into dictionaries entry
/// by entry, then encoding them again, cost a one-question rebuild most of a second.
struct RowDigestTable<ID: EntityID>: Sendable {
    /// IDs (as `Int64` bit patterns) at even positions, strictly ascending; each one's digest after it.
    private(set) var words: [UInt64]

    init() { words = [] }

    /// The table of `pairs`, in any order; of two pairs with one ID the first is kept. Sorted in a
    /// few linear passes (`KeyOrder`, stable): a build that digests every entity sorts half a
    /// million pairs at 100,000 questions.
    init(_ pairs: [(id: Int, digest: UInt64)]) {
        // The sign bit flipped, so negative IDs order before positive ones as integers do.
        let sorted = KeyOrder.sorted(pairs) { UInt64(bitPattern: Int64($0.id)) ^ (1 << 63) }
        var words: [UInt64] = []
        words.reserveCapacity(sorted.count * 2)
        var last: Int?
        for pair in sorted where pair.id != last {
            last = pair.id
            words.append(UInt64(bitPattern: Int64(pair.id)))
            words.append(pair.digest)
        }
        self.words = words
    }

    /// Words read back from a state file; nil unless they pair up with IDs strictly ascending.
    init?(words: [UInt64]) {
        guard words.count.isMultiple(of: 2) else { return nil }
        var previous = Int64.min
        for position in stride(from: 0, to: words.count, by: 2) {
            let id = Int64(bitPattern: words[position])
            guard position == 0 || id > previous else { return nil }
            previous = id
        }
        self.words = words
    }

    var count: Int { words.count / 2 }

    subscript(id: ID) -> UInt64? {
        let wanted = Int64(id.rawValue)
        guard let first = words.first.map({ Int64(bitPattern: $0) }) else { return nil }
        // Row IDs are mostly dense: first the place the ID would have if none were missing.
        let (guess, overflow) = wanted.subtractingReportingOverflow(first)
        if !overflow, guess >= 0, guess < count, Int64(bitPattern: words[Int(guess) * 2]) == wanted { return words[Int(guess) * 2 + 1] }
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            let found = Int64(bitPattern: words[middle * 2])
            if found == wanted { return words[middle * 2 + 1] }
            if found < wanted { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The digest of the table's set of IDs, to compare with the entities' (`IDSetDigest`): one
    /// walk of the words as they lie.
    var idDigest: IDSetDigest {
        var digest = IDSetDigest()
        for position in stride(from: 0, to: words.count, by: 2) { digest.add(Int(Int64(bitPattern: words[position]))) }
        return digest
    }

    /// Which of `ids` the table lacks, and which of its IDs are not among `ids`: in one walk
    /// beside the table, `ids` sorted first unless they come sorted. A search per ID strays over a
    /// million-entry table, missing the cache at almost every step (0.4 s for a 100,000-question
    /// rebuild's rows). `removed` comes in ascending order.
    func differences(from ids: [Int]) -> (lacking: Set<Int>, removed: [Int]) {
        let sorted = zip(ids, ids.dropFirst()).allSatisfy({ $0 <= $1 }) ? ids : ids.sorted()
        var (lacking, removed) = (Set<Int>(), [Int]())
        var position = 0
        for id in sorted {
            while position < count && Int64(bitPattern: words[position * 2]) < Int64(id) {
                removed.append(Int(Int64(bitPattern: words[position * 2])))
                position += 1
            }
            if position < count && Int64(bitPattern: words[position * 2]) == Int64(id) {
                position += 1
            } else if position == 0 || Int64(bitPattern: words[position * 2 - 2]) != Int64(id) {
                lacking.insert(id)
            }
        }
        while position < count {
            removed.append(Int(Int64(bitPattern: words[position * 2])))
            position += 1
        }
        return (lacking, removed)
    }

    /// This table with `fresh` (rows digested anew) put in, replacing rows it holds, and the rows
    /// `removed` names taken out: one pass over the three, since all are sorted.
    func patched(with fresh: RowDigestTable, removing removed: [Int] = []) -> RowDigestTable {
        guard !fresh.words.isEmpty || !removed.isEmpty else { return self }
        let removed = zip(removed, removed.dropFirst()).allSatisfy({ $0 <= $1 }) ? removed : removed.sorted()
        var merged = RowDigestTable()
        merged.words.reserveCapacity(words.count + fresh.words.count)
        var (kept, new, gone) = (0, 0, 0)
        while kept < words.count || new < fresh.words.count {
            let keptID = kept < words.count ? Int64(bitPattern: words[kept]) : .max
            let newID = new < fresh.words.count ? Int64(bitPattern: fresh.words[new]) : .max
            if new < fresh.words.count && newID <= keptID {
                merged.words.append(fresh.words[new])
                merged.words.append(fresh.words[new + 1])
                new += 2
                if newID == keptID { kept += 2 }
                continue
            }
            while gone < removed.count && Int64(removed[gone]) < keptID { gone += 1 }
            if gone == removed.count || Int64(removed[gone]) != keptID {
                merged.words.append(words[kept])
                merged.words.append(words[kept + 1])
            }
            kept += 2
        }
        return merged
    }
}

/// A digest of a set of row IDs that does not depend on their order: the sum of each ID mixed by
/// SplitMix64's finalizer. Two sets with the same digest and count hold the same IDs but for a
/// chance of one in 2⁶⁴ (`RowDigests`).
struct IDSetDigest: Equatable {
    private var sum: UInt64 = 0

    mutating func add(_ id: Int) {
        var mixed = UInt64(bitPattern: Int64(id)) &+ 0x9E37_79B9_7F4A_7C15
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        sum &+= mixed ^ (mixed >> 31)
    }

    /// The IDs of `other` added: the digest of both sets' IDs together.
    mutating func add(_ other: IDSetDigest) { sum &+= other.sum }
}
