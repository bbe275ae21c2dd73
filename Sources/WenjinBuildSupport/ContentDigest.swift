/// The project's deterministic 64-bit digest: page fingerprints (`PageFingerprint`) and the
/// search state's checksum are built on it.
///
/// Deterministic across processes (Swift's `Hasher` is seeded per process, so it cannot be
/// used); not cryptographic: it guards against accidental change, not against an adversary.
/// Eight bytes at a time, multiply-xorshift mixing, lengths and type
/// tags included so `["ab"] + ["c"]` and `["a"] + ["bc"]` differ.
///
/// Inlinable: page fingerprints add every field of every entity a word at a time, from other
/// modules; without it each word is a call.
package struct ContentDigest {
    @usableFromInline var state: UInt64

    @inlinable package init(seed: UInt64) { state = seed ^ 0x9E37_79B9_7F4A_7C15 }

    @inlinable package mutating func add(word: UInt64) {
        state ^= word
        state &*= 0xFF51_AFD7_ED55_8CCD
        state ^= state >> 29
    }

    @inlinable package mutating func add(tag: UInt8) { add(word: UInt64(tag) | 0xA5A5_0000_0000_0000) }

    @inlinable package mutating func add(bytes: UnsafeRawBufferPointer) {
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

    @inlinable package mutating func add(_ text: String) {
        // A native string's bytes are read where they lie: `withUTF8` needs a mutable copy,
        // which retains and releases the text's storage once per text digested.
        if text.utf8.withContiguousStorageIfAvailable({ add(bytes: UnsafeRawBufferPointer($0)) }) != nil { return }
        var text = text
        text.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
    }

    @inlinable package func finish() -> UInt64 {
        var result = state
        result ^= result >> 33
        result &*= 0xC4CE_B9FE_1A85_EC53
        result ^= result >> 33
        return result
    }
}
