/// Sorting by a 64-bit key in a few linear passes (a stable least-significant-digit radix
/// sort) rather than by comparisons: a table of digests by ID (`RowDigestTable`) sorts up to a
/// million pairs at 100,000 questions (a build that digests every row or entity), keys that
/// differ only in an ID's low bits, so two or three passes of 11 bits sort a table.
enum KeyOrder {
    private static let digitBits = 11

    /// `items` ordered by `key`, items of one key in their given order.
    static func sorted<Item>(_ items: [Item], by key: (Item) -> UInt64) -> [Item] {
        guard items.count > 64, let first = items.first.map(key) else {
            return items.enumerated().sorted { (key($0.element), $0.offset) < (key($1.element), $1.offset) }.map(\.element)
        }
        // Only the bits in which some key differs from the first need sorting: from the lowest
        // (whole seconds since 2001, as doubles, leave their low 22 bits or more alike until
        // 2069) to the highest.
        let varying = items.reduce(UInt64(0)) { $0 | (key($1) ^ first) }
        let bits = 64 - varying.leadingZeroBitCount
        var current = items, scratch = items
        var shift = varying.trailingZeroBitCount
        let mask = UInt64(1 << digitBits - 1)
        var counts = [Int](repeating: 0, count: 1 << digitBits)
        while shift < bits {
            for index in counts.indices { counts[index] = 0 }
            for item in current { counts[Int(truncatingIfNeeded: key(item) >> UInt64(shift) & mask)] += 1 }
            var start = 0
            for index in counts.indices { (counts[index], start) = (start, start + counts[index]) }
            for item in current {
                let digit = Int(truncatingIfNeeded: key(item) >> UInt64(shift) & mask)
                scratch[counts[digit]] = item
                counts[digit] += 1
            }
            swap(&current, &scratch)
            shift += digitBits
        }
        return current
    }
}
