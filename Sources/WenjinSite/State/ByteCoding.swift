import Foundation
import Glibc
import WenjinBuildSupport

/// The little binary format of the build's state files (`BodyLedger`, and whatever else a build
/// keeps between runs): fixed-width little-endian integers and length-prefixed UTF-8 strings.
/// Reading is strict: a short or malformed file is an error, and the caller starts afresh.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    mutating func add(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func add(_ value: Int) { add(UInt64(bitPattern: Int64(value))) }

    mutating func add(_ flag: Bool) { bytes.append(flag ? 1 : 0) }

    mutating func add(_ text: String) {
        add(text.utf8.count)
        bytes.append(contentsOf: text.utf8)
    }

    mutating func add(_ text: String?) {
        add(text != nil)
        if let text { add(text) }
    }

    mutating func add(_ value: Int?) {
        add(value != nil)
        if let value { add(value) }
    }

    /// Words as they lie in memory, little-endian: a table of a million words in one copy.
    mutating func add(words: [UInt64]) {
        #if _endian(little)
        words.withUnsafeBytes { bytes.append(contentsOf: $0) }
        #else
        for word in words { add(word) }
        #endif
    }

    /// The bytes followed by their digest, so a torn or damaged file is recognised on reading.
    var sealed: [UInt8] {
        var sealed = self
        sealed.add(ByteReader.digest(of: bytes[...]))
        return sealed.bytes
    }

    /// `sealed`, the digest added in place: a writer of tens of megabytes is not copied.
    consuming func finishSealed() -> [UInt8] {
        add(ByteReader.digest(of: bytes[...]))
        return bytes
    }
}

/// How the values of `ByteWriter`'s format are read, and what makes one malformed, decided once
/// for both readers (`ByteReader` over a file read into memory, `RowReader` over a mapped one):
/// each gives the few primitives over its own storage.
protocol StateBytesReading {
    /// The bytes left before the end of the payload.
    var remaining: Int { get }
    mutating func word() throws(ByteReader.Malformed) -> UInt64
    /// The next byte; the caller has checked that one is left.
    mutating func nextByte() -> UInt8
    /// The next `length` bytes as UTF-8; the caller has checked that they are left.
    mutating func nextText(_ length: Int) -> String
}

extension StateBytesReading {
    var isAtEnd: Bool { remaining == 0 }

    mutating func integer() throws(ByteReader.Malformed) -> Int { Int(Int64(bitPattern: try word())) }

    /// A count or length: not negative and not more than the bytes left could hold.
    mutating func count() throws(ByteReader.Malformed) -> Int {
        let value = try integer()
        guard value >= 0, value <= remaining else { throw ByteReader.Malformed() }
        return value
    }

    mutating func flag() throws(ByteReader.Malformed) -> Bool {
        guard remaining > 0 else { throw ByteReader.Malformed() }
        let byte = nextByte()
        guard byte <= 1 else { throw ByteReader.Malformed() }
        return byte == 1
    }

    mutating func string() throws(ByteReader.Malformed) -> String { nextText(try count()) }

    mutating func optionalString() throws(ByteReader.Malformed) -> String? { try flag() ? try string() : nil }

    mutating func optionalInteger() throws(ByteReader.Malformed) -> Int? { try flag() ? try integer() : nil }
}

struct ByteReader: StateBytesReading {
    struct Malformed: Error {}

    private let bytes: [UInt8]
    private var offset = 0
    /// Where the payload ends: the digest after it is not read as data.
    private let end: Int

    /// Reads what `ByteWriter.sealed` wrote, in place; throws when the digest at the end does
    /// not match.
    init(sealed: [UInt8]) throws(Malformed) {
        guard sealed.count >= 8 else { throw Malformed() }
        bytes = sealed
        end = sealed.count - 8
        offset = end
        guard try word(upTo: sealed.count) == Self.digest(of: sealed[..<end]) else { throw Malformed() }
        offset = 0
    }

    static func digest(of bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.withUnsafeBytes { digest(of: $0) }
    }

    static func digest(of bytes: UnsafeRawBufferPointer) -> UInt64 {
        var digest = ContentDigest(seed: 0x7374_6174_65)
        digest.add(bytes: bytes)
        return digest.finish()
    }

    var remaining: Int { end - offset }

    mutating func word() throws(Malformed) -> UInt64 { try word(upTo: end) }

    private mutating func word(upTo limit: Int) throws(Malformed) -> UInt64 {
        guard limit - offset >= 8 else { throw Malformed() }
        var value: UInt64 = 0
        for index in 0..<8 { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += 8
        return value
    }

    /// `count` words as `ByteWriter.add(words:)` wrote them, in one copy.
    mutating func words(_ count: Int) throws(Malformed) -> [UInt64] {
        guard count >= 0, count <= (end - offset) / 8 else { throw Malformed() }
        let start = offset
        offset += count * 8
        #if _endian(little)
        return [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: UnsafeRawBufferPointer(rebasing: source[start..<start + count * 8]))
            }
            initialized = count
        }
        #else
        return (0..<count).map { index in
            (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[start + index * 8 + $1]) << (8 * UInt64($1)) }
        }
        #endif
    }

    mutating func nextByte() -> UInt8 {
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func nextText(_ length: Int) -> String {
        defer { offset += length }
        return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
    }
}

/// Reading and writing a whole state file as bytes, without the copies `Data` and `Array(data)`
/// would make of a file that holds every body's text.
enum StateFile {
    static func read(_ file: URL) -> [UInt8]? {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let size = Int(info.st_size)
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var offset = 0
            while offset < size {
                let got = Glibc.read(descriptor, buffer.baseAddress! + offset, size - offset)
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { complete = false; break }
                offset += got
            }
            count = offset
        }
        return complete ? bytes : nil
    }

    /// A file of 64-bit words, mapped where it lies (as they lie: little-endian), its pages
    /// read in at once; nil when it cannot be mapped or is not a whole number of words.
    /// With `populated` false, pages are read in as they are first touched (by the threads that
    /// read them), not all at once by the caller.
    static func mapWords(_ file: URL, populated: Bool = true) -> MappedWords? {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size % 8 == 0 else { return nil }
        return MappedWords(descriptor: descriptor, count: Int(info.st_size) / 8, populated: populated)
    }

    /// Replaces `name` in `folder` atomically (written beside it, then renamed). Not fatal when
    /// it fails: a state file only saves the next build work.
    static func replace(_ name: String, in folder: URL, with bytes: [UInt8]) {
        let file = folder.appendingPathComponent(name)
        let temporary = folder.appendingPathComponent(name + ".new")
        do {
            try write(bytes, to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    static func write(_ bytes: [UInt8], to file: URL) throws {
        guard FileManager.default.createFile(atPath: file.path, contents: nil) else { throw POSIXError(.EIO) }
        let handle = try FileHandle(forWritingTo: file)
        defer { try? handle.close() }
        try bytes.withUnsafeBytes { try handle.write(contentsOf: $0) }
    }
}

extension ByteReader {
    /// Whether `bytes` end in the digest of what comes before, as `ByteWriter.sealed` leaves them.
    static func isSealed(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { isSealed($0) }
    }

    static func isSealed(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count >= 8 else { return false }
        let seal = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self))
        return seal == digest(of: UnsafeRawBufferPointer(rebasing: bytes.dropLast(8)))
    }
}

extension StateFile {
    /// Replaces `name` in `folder` atomically with `parts` written one after another, so a large
    /// file (the body ledger's texts) is not first joined into one more copy of itself.
    static func replace(_ name: String, in folder: URL, withParts parts: [[UInt8]]) {
        let file = folder.appendingPathComponent(name)
        let temporary = folder.appendingPathComponent(name + ".new")
        do {
            guard FileManager.default.createFile(atPath: temporary.path, contents: nil) else { throw POSIXError(.EIO) }
            let handle = try FileHandle(forWritingTo: temporary)
            do {
                for part in parts { try part.withUnsafeBytes { try handle.write(contentsOf: $0) } }
            } catch {
                try? handle.close()
                throw error
            }
            try handle.close()
            guard rename(temporary.path, file.path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
        }
    }
}

extension StateFile {
    /// Appends `bytes` to `name` in `folder` (made when missing); false when it could not. A
    /// write cut short leaves a torn tail, which a journal's reader ignores.
    static func append(_ bytes: [UInt8], to name: String, in folder: URL) -> Bool {
        let descriptor = open(folder.appendingPathComponent(name).path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }
}

/// A state file's 64-bit words, mapped read-only (`StateFile.mapWords`): reading a 75 MB
/// record into memory of its own cost a 100,000-question rebuild 40 ms (the copy, and a
/// fault for each fresh page), the mapping 2 ms. The build never writes a state file in place
/// (each is written beside and renamed, or linked), so the mapped words do not change.
// Unchecked: the words are read-only, mapped or allocated here and let go only by `deinit`.
final class MappedWords: WordStorage, @unchecked Sendable {
    let buffer: UnsafeBufferPointer<UInt64>
    /// Whether `buffer` is a mapping (an empty file's is a word of memory of its own, none of it read).
    private let mapped: Bool

    fileprivate init?(descriptor: Int32, count: Int, populated: Bool) {
        guard count > 0 else {
            buffer = UnsafeBufferPointer(start: UnsafePointer(UnsafeMutablePointer<UInt64>.allocate(capacity: 1)), count: 0)
            mapped = false
            return
        }
        guard let address = mmap(nil, count * 8, PROT_READ, MAP_PRIVATE | (populated ? MAP_POPULATE : 0), descriptor, 0), address != MAP_FAILED else {
            return nil
        }
        buffer = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt64.self), count: count)
        mapped = true
    }

    deinit {
        guard let base = buffer.baseAddress else { return }
        if mapped { munmap(UnsafeMutableRawPointer(mutating: base), buffer.count * 8) } else { base.deallocate() }
    }
}
