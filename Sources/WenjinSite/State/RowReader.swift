import Foundation

/// Reads what `ByteWriter` wrote, in place in memory the reader does not own (a mapped state
/// file, `ListedRows`): words loaded whole, not assembled byte by byte as `ByteReader` does,
/// for a file of a million rows. Strict as `StateBytesReading` is: any read past the end, a flag
/// other than 0 or 1, or a count the bytes left could not hold throws.
struct RowReader: StateBytesReading {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    /// `bytes` must outlive the reader (the mapping is held by whoever made it).
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var remaining: Int { bytes.count - offset }

    mutating func word() throws(ByteReader.Malformed) -> UInt64 {
        guard remaining >= 8 else { throw ByteReader.Malformed() }
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// `count` integers as `ByteWriter.add(words:)` wrote them (two's complement), in one copy.
    mutating func integers(_ count: Int) throws(ByteReader.Malformed) -> [Int] {
        guard count >= 0, count <= remaining / 8 else { throw ByteReader.Malformed() }
        let start = offset
        offset += count * 8
        #if _endian(little) && _pointerBitWidth(_64)
        return [Int](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<start + count * 8]))
            initialized = count
        }
        #else
        return (0..<count).map { Int(Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: start + $0 * 8, as: Int64.self))) }
        #endif
    }

    mutating func nextByte() -> UInt8 {
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func nextText(_ length: Int) -> String {
        defer { offset += length }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
    }

    /// A time as `ByteWriter.add(_: Date)` wrote it: exactly the value written.
    mutating func date() throws(ByteReader.Malformed) -> Date {
        Date(timeIntervalSinceReferenceDate: Double(bitPattern: try word()))
    }

    mutating func optionalDate() throws(ByteReader.Malformed) -> Date? { try flag() ? try date() : nil }
}

extension ByteWriter {
    /// A time by the bits of its interval, so it reads back as the same value.
    mutating func add(_ date: Date) { add(date.timeIntervalSinceReferenceDate.bitPattern) }

    mutating func add(_ date: Date?) {
        add(date != nil)
        if let date { add(date) }
    }
}
