/// Which shard holds a term: FNV-1a (32 bits) of its UTF-8 bytes, masked to the shard count
/// (a power of two), written in lower-case hex with a fixed number of digits. search.js
/// computes the same (`shardOf`), so the two must change together.
struct SearchShardKey: Hashable, Comparable {
    let number: Int

    init(term: String, shardCount: Int) {
        var hash: UInt32 = 2_166_136_261
        for byte in term.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        number = Int(hash & UInt32(shardCount - 1))
    }

    init(number: Int) { self.number = number }

    /// Hex digits that name every shard of `shardCount` (at least one).
    static func digits(forShardCount shardCount: Int) -> Int {
        var digits = 1
        while 1 << (4 * digits) < shardCount { digits += 1 }
        return digits
    }

    func name(digits: Int) -> String {
        let hex = String(number, radix: 16)
        return String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }

    static func < (lhs: SearchShardKey, rhs: SearchShardKey) -> Bool { lhs.number < rhs.number }
}
