import Foundation

/// A 64-bit digest of everything a file's bytes depend on: for a page, its inputs (the entities
/// and bodies it shows, `PageInputs`) plus the theme, the site's settings and the program that
/// render it. Two builds that compute the same fingerprint for a path would write the same
/// bytes, so the second one keeps the previous file instead of rendering and comparing it.
///
/// Deterministic across processes (Swift's `Hasher` is seeded per process, so it cannot be
/// used); not cryptographic: it guards against accidental change, not against an adversary.
struct PageFingerprint: Hashable, Sendable, CustomStringConvertible {
    let value: UInt64

    init(value: UInt64) { self.value = value }

    /// Sixteen hex digits, as the manifest stores it.
    var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    init?(hex: Substring) {
        guard hex.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }

    /// The running digest: eight bytes at a time, multiply-xorshift mixing, lengths and type
    /// tags included so `["ab"] + ["c"]` and `["a"] + ["bc"]` differ.
    struct Digest {
        private var state: UInt64

        init(seed: UInt64) { state = seed ^ 0x9E37_79B9_7F4A_7C15 }

        mutating func add(word: UInt64) {
            state ^= word
            state &*= 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 29
        }

        mutating func add(tag: UInt8) { add(word: UInt64(tag) | 0xA5A5_0000_0000_0000) }

        mutating func add(bytes: UnsafeRawBufferPointer) {
            var offset = 0
            while offset + 8 <= bytes.count {
                add(word: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
            add(word: tail)
            add(word: UInt64(bytes.count))
        }

        mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
        }

        func finish() -> UInt64 {
            var result = state
            result ^= result >> 33
            result &*= 0xC4CE_B9FE_1A85_EC53
            result ^= result >> 33
            return result
        }
    }
}
