import Foundation

/// Reads what `ByteWriter` wrote, in place in memory the reader does not own (a mapped state
/// file, `ListedRows`): words loaded whole, not assembled byte by byte as `ByteReader` does,
/// for a file of a million rows. Strict like `ByteReader`: any read past the end, a flag other
/// than 0 or 1, or a count the bytes left could not hold throws.
struct RowReader {
    private let bytes: UnsafeRawBufferPointer
    private var offset = 0

    /// `bytes` must outlive the reader (the mapping is held by whoever made it).
    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    var isAtEnd: Bool { offset == bytes.count }

    mutating func word() throws(ByteReader.Malformed) -> UInt64 {
        guard bytes.count - offset >= 8 else { throw ByteReader.Malformed() }
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    mutating func integer() throws(ByteReader.Malformed) -> Int { Int(Int64(bitPattern: try word())) }

    /// A count or length: not negative and not more than the bytes left could hold.
    mutating func count() throws(ByteReader.Malformed) -> Int {
        let value = try integer()
        guard value >= 0, value <= bytes.count - offset else { throw ByteReader.Malformed() }
        return value
    }

    mutating func flag() throws(ByteReader.Malformed) -> Bool {
        guard offset < bytes.count, bytes[offset] <= 1 else { throw ByteReader.Malformed() }
        defer { offset += 1 }
        return bytes[offset] == 1
    }

    mutating func string() throws(ByteReader.Malformed) -> String {
        let length = try count()
        defer { offset += length }
        return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length]), as: UTF8.self)
    }

    mutating func optionalString() throws(ByteReader.Malformed) -> String? { try flag() ? try string() : nil }

    mutating func optionalInteger() throws(ByteReader.Malformed) -> Int? { try flag() ? try integer() : nil }

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
