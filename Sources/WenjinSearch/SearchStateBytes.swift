import WenjinBuildSupport

/// The byte-level pieces of the index's own binary formats: a checksum, and a writer and a
/// strict reader of variable-length integers and length-prefixed byte strings.
enum SearchContentHash {
    /// A 64-bit hash of `bytes`: the build's own digest (`ContentDigest`, which mixes
    /// in the length), seeded apart from its other uses. It catches damage and truncation, not
    /// forgery.
    static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var digest = digest()
        digest.add(bytes: bytes)
        return digest.finish()
    }

    /// The digest `of` feeds, for a writer that hands bytes on as it goes (`SearchStateWriter`).
    static func digest() -> ContentDigest { ContentDigest(seed: 0x7365_6172_6368) }

    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { of($0) }
    }
}

/// Appends integers and byte strings to a buffer that is handed on a chunk at a time
/// (`drain`), checksumming what it hands on, so a large state is never held whole: a
/// rebuild at 100,000 questions would otherwise hold the previous state (about 90 MB) and
/// the new one at once (BENCHMARKS.md, "Search state streamed"). A state's writer checksums
/// only its skeleton (`restartChecksum`), its records being sealed one by one (`hash(since:)`).
struct SearchStateWriter {
    private var bytes: [UInt8] = []
    /// `SearchContentHash` of the bytes handed on since `checksumStart`: whole words, as
    /// `ContentDigest.add(bytes:)` reads them.
    private var checksum = SearchContentHash.digest()
    private var checksummed: Bool
    private var checksumStart = 0
    private var handedOn = 0
    static let chunk = 1 << 20

    init(checksummed: Bool = true) {
        self.checksummed = checksummed
        bytes.reserveCapacity(Self.chunk + 64)
    }

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func varint(_ value: Int) {
        precondition(value >= 0, "varint of a negative number")
        var rest = UInt64(value)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Zig-zag coded, so small negative weights stay short.
    mutating func signed(_ value: Int) {
        let wide = Int64(value)
        var rest = UInt64(bitPattern: (wide << 1) ^ (wide >> 63))
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    mutating func word(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    mutating func string(_ text: String) {
        let utf8 = text.utf8
        varint(utf8.count)
        if utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil { bytes.append(contentsOf: utf8) }
    }

    /// Bytes copied as they are (records of a previous state), a chunk at a time.
    mutating func raw(_ slice: ArraySlice<UInt8>, draining sink: (UnsafeRawBufferPointer) -> Void) {
        var start = slice.startIndex
        while start < slice.endIndex {
            let end = min(slice.endIndex, start + Self.chunk)
            bytes.append(contentsOf: slice[start..<end])
            start = end
            drain(into: sink)
        }
    }

    /// Where the bytes not yet handed on end, for `hash(since:)`.
    var buffered: Int { bytes.count }

    /// `SearchContentHash` of the bytes appended since `buffered` was `mark`, none handed on since.
    func hash(since mark: Int) -> UInt64 {
        bytes.withUnsafeBytes { SearchContentHash.of(UnsafeRawBufferPointer(rebasing: $0[mark...])) }
    }

    /// Hands on each whole chunk the buffer holds (a chunk is whole words).
    mutating func drain(into sink: (UnsafeRawBufferPointer) -> Void) {
        guard bytes.count >= Self.chunk else { return }
        hand(bytes.count / Self.chunk * Self.chunk, to: sink)
    }

    /// Hands on every byte the buffer holds.
    mutating func flush(into sink: (UnsafeRawBufferPointer) -> Void) {
        hand(bytes.count, to: sink)
    }

    /// The first `count` bytes of the buffer handed on: whole words, unless nothing follows
    /// before the checksum restarts or ends.
    private mutating func hand(_ count: Int, to sink: (UnsafeRawBufferPointer) -> Void) {
        precondition(!checksummed || count % 8 == 0, "a checksummed writer handed on part of a word")
        bytes.withUnsafeBytes { buffer in
            if checksummed {
                for offset in stride(from: 0, to: count, by: 8) {
                    checksum.add(word: UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                }
            }
            for start in stride(from: 0, to: count, by: Self.chunk) {
                sink(UnsafeRawBufferPointer(rebasing: buffer[start..<min(count, start + Self.chunk)]))
            }
        }
        handedOn += count
        bytes.removeFirst(count)
    }

    /// Checksums only the bytes from here on, all before handed on (`flush`).
    mutating func restartChecksum() {
        precondition(bytes.isEmpty, "checksum restarted with bytes pending")
        checksum = SearchContentHash.digest()
        checksummed = true
        checksumStart = handedOn
    }

    /// Ends the bytes with their checksum (`SearchContentHash.of` those since the checksum
    /// started, or its complement if `spoiled`, so that they are refused) and hands on the
    /// rest; returns the checksum written.
    @discardableResult
    mutating func finish(into sink: (UnsafeRawBufferPointer) -> Void, spoiled: Bool = false) -> UInt64 {
        precondition(checksummed, "finished without a checksum")
        var digest = checksum
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset + 8 <= buffer.count {
                digest.add(word: UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            var tail: UInt64 = 0
            for index in offset..<buffer.count { tail |= UInt64(buffer[index]) << (8 * UInt64(index - offset)) }
            digest.add(word: tail)
        }
        digest.add(word: UInt64(handedOn + bytes.count - checksumStart))
        let checksum = spoiled ? ~digest.finish() : digest.finish()
        word(checksum)
        bytes.withUnsafeBytes { buffer in
            for start in stride(from: 0, to: buffer.count, by: Self.chunk) {
                sink(UnsafeRawBufferPointer(rebasing: buffer[start..<min(buffer.count, start + Self.chunk)]))
            }
        }
        handedOn += bytes.count
        bytes.removeAll()
        return checksum
    }

    /// The bytes handed on so far.
    var count: Int { handedOn + bytes.count }
}

/// Reads what `SearchStateWriter` wrote; every read checks its bounds and returns nil past
/// the end or on a malformed number, so a damaged buffer is refused rather than misread.
struct SearchStateReader {
    let bytes: [UInt8]
    private(set) var position: Int
    let end: Int

    init(_ bytes: [UInt8], end: Int) {
        self.bytes = bytes
        self.position = 0
        self.end = end
    }

    var isAtEnd: Bool { position == end }

    /// Moves on to `position`, past bytes read some other way.
    mutating func skip(to position: Int) {
        precondition(position >= self.position && position <= end, "skip outside the bytes")
        self.position = position
    }

    mutating func byte() -> UInt8? {
        guard position < end else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func varint(max: Int = Int(Int32.max)) -> Int? {
        guard let raw = rawVarint(), raw <= UInt64(max) else { return nil }
        return Int(raw)
    }

    mutating func signed() -> Int? {
        guard let raw = rawVarint() else { return nil }
        return Int(Int64(bitPattern: raw >> 1) ^ -Int64(bitPattern: raw & 1))
    }

    mutating func word() -> UInt64? {
        guard end - position >= 8 else { return nil }
        var value: UInt64 = 0
        for shift in 0..<8 { value |= UInt64(bytes[position + shift]) << UInt64(8 * shift) }
        position += 8
        return value
    }

    /// The range of a length-prefixed byte string in `bytes`.
    mutating func range() -> Range<Int>? {
        guard let count = varint(), count <= end - position else { return nil }
        defer { position += count }
        return position..<(position + count)
    }

    private mutating func rawVarint() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while let next = byte() {
            // A tenth byte may carry only the top bit; a zero last byte after others is an overlong form.
            guard shift < 63 || next <= 1 else { return nil }
            value |= UInt64(next & 0x7F) << shift
            if next & 0x80 == 0 { return shift > 0 && next == 0 ? nil : value }
            shift += 7
        }
        return nil
    }
}
