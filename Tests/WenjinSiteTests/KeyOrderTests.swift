import Testing
@testable import WenjinSite

/// `EntityDigests` sorts its tables by ID with `KeyOrder` (a radix sort): it must order as a comparison
/// sort does, items of one key kept in their given order.
@Suite("Key order")
struct KeyOrderTests {
    /// A deterministic spread of keys: `count` items, keys with a kind in the top byte, IDs up to `range`.
    private static func items(_ count: Int, range: UInt64, kind: UInt64 = 3) -> [(key: UInt64, tag: Int)] {
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        return (0..<count).map { index in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return (kind << 56 | state % range, index)
        }
    }

    @Test("Keys of every size, duplicates included, come out as a stable comparison sort orders them")
    func ordersAsComparisonSort() {
        for (count, range) in [(0, UInt64(1)), (1, 10), (50, 7), (65, 1_000), (5_000, 3), (100_000, 400_000), (30_000, 1 << 40), (2_000, UInt64.max >> 8)] {
            let items = Self.items(count, range: range)
            let expected = items.sorted { ($0.key, $0.tag) < ($1.key, $1.tag) }
            let sorted = KeyOrder.sorted(items, by: \.key)
            #expect(sorted.map(\.key) == expected.map(\.key), "\(count) keys up to \(range)")
            #expect(sorted.map(\.tag) == expected.map(\.tag), "\(count) keys up to \(range)")
        }
    }

    @Test("Keys alike in their low bits (whole seconds as doubles, multiples of 2^k), or all alike, are ordered, duplicates kept in order")
    func lowBitsAlike() {
        let seconds = Self.items(20_000, range: 200_000_000).map { (key: NewestFirst.orderedBits(1.4e9 + Double($0.key & 0xFFFF_FFFF)), tag: $0.tag) }
        let shifted = Self.items(20_000, range: 3_000).map { (key: ($0.key & 0xFFFF) << 37, tag: $0.tag) }
        let alike = (0..<100).map { (key: UInt64(7) << 40, tag: $0) }
        for items in [seconds, shifted, alike] {
            let expected = items.sorted { ($0.key, $0.tag) < ($1.key, $1.tag) }
            #expect(KeyOrder.sorted(items, by: \.key).map(\.tag) == expected.map(\.tag))
        }
    }

    @Test("Keys differing in their top bits too (kinds mixed) are ordered")
    func mixedKinds() {
        let items = Self.items(10_000, range: 500, kind: 1) + Self.items(10_000, range: 500, kind: 12) + Self.items(10_000, range: 500, kind: 5)
        #expect(KeyOrder.sorted(items, by: \.key).map(\.key) == items.map(\.key).sorted())
    }
}
