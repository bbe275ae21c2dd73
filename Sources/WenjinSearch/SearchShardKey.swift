/// Which shard holds a term: FNV-1a (32 bits) of its UTF-8 bytes, masked to the shard count
/// (a power of two), written in lower-case hex with a fixed number of digits. search.js
/// computes the same (`shardOf`), so the two must change together.
struct SearchShardKey: Hashable, Comparable {
    let number: Int

    init(term: String, shardCount: Int) {
        number = Int(Self.hash(utf8: term.utf8) & UInt32(shardCount - 1))
    }

    init(number: Int) { self.number = number }

    /// FNV-1a of the bytes.
    static func hash(utf8 bytes: some Sequence<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in bytes {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return hash
    }

    /// The hash of a CJK term code (`SearchTokenizer.cjkTerm`) without making its string.
    static func hash(cjk code: UInt64) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        func byte(_ value: UInt32) {
            hash ^= value & 0xFF
            hash = hash &* 16_777_619
        }
        // UTF-8 by hand: this runs for every CJK character and pair of a full write.
        func add(_ scalar: UInt32) {
            if scalar < 0x80 {
                byte(scalar)
            } else if scalar < 0x800 {
                byte(0xC0 | scalar >> 6)
                byte(0x80 | scalar & 0x3F)
            } else if scalar < 0x10000 {
                byte(0xE0 | scalar >> 12)
                byte(0x80 | scalar >> 6 & 0x3F)
                byte(0x80 | scalar & 0x3F)
            } else {
                byte(0xF0 | scalar >> 18)
                byte(0x80 | scalar >> 12 & 0x3F)
                byte(0x80 | scalar >> 6 & 0x3F)
                byte(0x80 | scalar & 0x3F)
            }
        }
        if code >> 21 != 0 { add(UInt32(code >> 21)) }
        add(UInt32(code & 0x1F_FFFF))
        return hash
    }

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
