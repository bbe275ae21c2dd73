/// The position of each key of a list of `SearchSource`s, for matching a previous state's
/// records to this build's sources: an open-addressed table of plain words hashed by one
/// multiplication, since a large archive has 400,000 keys and `Dictionary`'s seeded hashing
/// of each cost more than the rest of a one-document update (BENCHMARKS.md).
struct SearchKeyTable {
    private var keys: [UInt64]
    /// The position of the key in the same slot, or -1 for an empty slot.
    private var positions: [Int]
    /// Whether the slot's key was taken by `take`.
    private var taken: [Bool]
    private let mask: Int

    /// Nil when a key occurs twice.
    init?(_ sources: [SearchSource]) {
        var capacity = 16
        while capacity < sources.count * 2 { capacity *= 2 }
        keys = [UInt64](repeating: 0, count: capacity)
        positions = [Int](repeating: -1, count: capacity)
        taken = [Bool](repeating: false, count: capacity)
        mask = capacity - 1
        for (position, source) in sources.enumerated() {
            var slot = slot(of: source.key)
            while positions[slot] >= 0 {
                if keys[slot] == source.key { return nil }
                slot = (slot + 1) & mask
            }
            keys[slot] = source.key
            positions[slot] = position
        }
    }

    /// The position of `key`, once: nil when it is not there or was taken before.
    mutating func take(_ key: UInt64) -> Int? {
        var slot = slot(of: key)
        while positions[slot] >= 0 {
            if keys[slot] == key {
                if taken[slot] { return nil }
                taken[slot] = true
                return positions[slot]
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The key's home slot: the top bits of its product with an odd constant (keys differ
    /// in their low bits, IDs, and in their top four, kinds).
    private func slot(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }
}
