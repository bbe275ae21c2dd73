/// `SearchContentHash` of bytes handed in pieces of any size, in order: the same value as
/// `SearchContentHash.of` all of them at once, so a state file is checked in the pass that decodes it.
struct SearchChecksumStream {
    private var digest = SearchContentHash.digest()
    /// Bytes of a word not yet whole, in its low bits first.
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var total = 0

    mutating func add(_ bytes: ArraySlice<UInt8>) {
        total += bytes.count
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while pendingCount > 0 && offset < buffer.count {
                pending |= UInt64(buffer[offset]) << (8 * UInt64(pendingCount))
                offset += 1
                pendingCount += 1
                if pendingCount == 8 {
                    digest.add(word: pending)
                    pending = 0
                    pendingCount = 0
                }
            }
            while offset + 8 <= buffer.count {
                digest.add(word: UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            while offset < buffer.count {
                pending |= UInt64(buffer[offset]) << (8 * UInt64(pendingCount))
                offset += 1
                pendingCount += 1
            }
        }
    }

    /// The hash of everything added: the leftover bytes as the tail word, then the count.
    func finish() -> UInt64 {
        var digest = digest
        digest.add(word: pending)
        digest.add(word: UInt64(total))
        return digest.finish()
    }
}
