/// What the journals beside two state files share (`BodyLedgerJournal` beside the body ledger,
/// `EntityDigestJournal` beside the entities' digests): blocks, each its length then its sealed
/// bytes, read up to the first that is torn or refused; and when a save may append one rather
/// than write its file whole.
enum StateJournal {
    /// Where a state file read with its journal stands: its seal (its last eight bytes, which
    /// every block names), its size, and its journal's.
    struct Files: Sendable {
        let seal: UInt64
        let fileBytes: Int
        let journalBytes: Int
        /// False when the journal ends in bytes no block accounts for (a torn write).
        let journalIntact: Bool

        /// Whether a block of `bytes` may be appended: the journal grows to at most a quarter of
        /// its file (or 64 KiB) before the file is written whole, and never after a torn block.
        func takes(_ bytes: Int) -> Bool {
            journalIntact && journalBytes + bytes <= max(fileBytes / 4, 1 << 16)
        }
    }

    /// The blocks of `bytes` in order, up to the first that is torn or `decode` refuses (nil);
    /// and how many bytes they span.
    static func blocks<Block>(in bytes: [UInt8], _ decode: ([UInt8]) -> Block?) -> (blocks: [Block], length: Int) {
        var blocks: [Block] = []
        var offset = 0
        while bytes.count - offset >= 8 {
            var length = 0
            for index in 0..<8 { length |= Int(bytes[offset + index]) << (8 * index) }
            guard length >= 8, length <= bytes.count - offset - 8, let block = decode(Array(bytes[(offset + 8)..<(offset + 8 + length)]))
            else { break }
            blocks.append(block)
            offset += 8 + length
        }
        return (blocks, offset)
    }

    /// A block's bytes as a journal holds them: its length, then the block sealed.
    static func framed(_ block: ByteWriter) -> [UInt8] {
        let sealed = block.sealed
        var length = ByteWriter()
        length.add(sealed.count)
        return length.bytes + sealed
    }

    /// The seal `ByteWriter.sealed` left at the end of a state file's bytes.
    static func seal(of bytes: [UInt8]) -> UInt64 {
        bytes.suffix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
}
