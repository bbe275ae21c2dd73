import Foundation
import Glibc
import WenjinBuildSupport

/// The bulk of an output manifest (`OutputManifest`): every file's path and fingerprint, once
/// written never changed, in a sealed file of its own named by its seal and read as it lies —
/// no line parsed, no path made a `String` — so a rebuild that changes a few files neither
/// parses nor writes 225,000 lines (100,000 questions). Both slots of an output usually name
/// one table, each with a journal of the files that differ from it.
///
/// The file: five words (magic, file count, folder bytes, path bytes, 0), then one record of
/// three words per file sorted by the digest of its path (that digest, the fingerprint, the
/// path's offset << 16 | its length), the folders that hold the files (each ended by a newline),
/// the paths, and the digest of all of it. A path is found by its digest's top bits (`starts`).
struct ManifestTable: Sendable {
    /// The digest of the file's bytes, which names it.
    let seal: UInt64
    /// Per file, three words: path digest, fingerprint, path offset << 16 | path length.
    private let records: [UInt64]
    private let paths: [UInt8]
    /// The folders that hold the files, their parents and the root (`.`) included.
    let folders: [String]
    /// Where the records whose digest has each value of the top `directoryBits` bits begin.
    private let starts: [Int32]
    private let directoryBits: Int
    /// Whether the table was read from its file (and checked against its seal): then that
    /// file needs no writing. A table made in memory is always written, even over a file of
    /// its name, which may be a damaged copy.
    private let isStored: Bool

    private static let magic: UInt64 = 0x3154_6E69_6A6E_6577  // "wenjinT1"
    private static let headerWords = 5

    var count: Int { records.count / 3 }

    /// The table of `files` (paths distinct).
    init(files: [(path: String, fingerprint: PageFingerprint)]) {
        let sorted = KeyOrder.sorted(files.map { (Self.digest(of: $0.path), $0.path, $0.fingerprint) }) { $0.0 }
        var records: [UInt64] = []
        records.reserveCapacity(sorted.count * 3)
        var paths: [UInt8] = []
        paths.reserveCapacity(sorted.count * 32)
        for (digest, path, fingerprint) in sorted {
            records += [digest, fingerprint.value, UInt64(paths.count) << 16 | UInt64(path.utf8.count)]
            paths += path.utf8
        }
        let folders = OutputFolders.holding(files.lazy.map(\.path))
        let body = Self.body(records: records, paths: paths, folders: folders)
        self.init(records: records, paths: paths, folders: folders, seal: ByteReader.digest(of: body[...]), isStored: false)
    }

    /// The file's bytes before its seal.
    private static func body(records: [UInt64], paths: [UInt8], folders: [String]) -> [UInt8] {
        let folderText = Array(folders.map { $0 + "\n" }.joined().utf8)
        var bytes = ByteWriter()
        bytes.add(magic)
        bytes.add(records.count / 3)
        bytes.add(folderText.count)
        bytes.add(paths.count)
        bytes.add(0)
        bytes.add(words: records)
        return bytes.bytes + folderText + paths
    }

    private init(records: [UInt64], paths: [UInt8], folders: [String], seal: UInt64, isStored: Bool) {
        self.isStored = isStored
        self.records = records
        self.paths = paths
        self.folders = folders
        self.seal = seal
        let count = records.count / 3
        // About four records per directory entry: one or two cache lines searched per look-up.
        let bits = max(1, min(24, (count / 4).bitWidth - (count / 4).leadingZeroBitCount))
        directoryBits = bits
        var starts = [Int32](repeating: Int32(count), count: (1 << bits) + 1)
        var entry = 0
        for index in 0..<count {
            let top = Int(truncatingIfNeeded: records[index * 3] >> UInt64(64 - bits))
            while entry <= top { starts[entry] = Int32(index); entry += 1 }
        }
        self.starts = starts
    }

    /// The digest a path is sorted and found by.
    static func digest(of path: String) -> UInt64 {
        var digest = ContentDigest(seed: 0x7061_7468_7461_626C)
        digest.add(path)
        return digest.finish()
    }

    /// The index of `path`'s record; nil when the table does not list it.
    func index(of path: String) -> Int? { index(of: path, digest: Self.digest(of: path)) }

    /// `index(of:)` given the path's digest.
    func index(of path: String, digest: UInt64) -> Int? {
        let top = Int(truncatingIfNeeded: digest >> UInt64(64 - directoryBits))
        var index = Int(starts[top])
        let end = Int(starts[top + 1])
        while index < end {
            let found = records[index * 3]
            if found > digest { return nil }
            if found == digest, pathMatches(index, path) { return index }
            index += 1
        }
        return nil
    }

    func fingerprint(at index: Int) -> PageFingerprint { PageFingerprint(value: records[index * 3 + 1]) }

    /// The digest of the `index`th record's path (`digest(of:)`).
    func pathDigest(at index: Int) -> UInt64 { records[index * 3] }

    /// The indices of the records of paths under `folder` (ending in `/`), ascending: one pass
    /// over the records and the paths, which lie in the same order, no path made a `String`.
    func records(under folder: String) -> [Int] {
        let prefix = Array(folder.utf8)
        guard count > 0, !prefix.isEmpty else { return [] }
        var found: [Int] = []
        paths.withUnsafeBufferPointer { stored in
            prefix.withUnsafeBufferPointer { wanted in
                for index in 0..<count {
                    let span = records[index * 3 + 2]
                    let start = Int(span >> 16), length = Int(span & 0xFFFF)
                    if length >= wanted.count, memcmp(stored.baseAddress! + start, wanted.baseAddress!, wanted.count) == 0 { found.append(index) }
                }
            }
        }
        return found
    }

    func path(at index: Int) -> String {
        let span = records[index * 3 + 2]
        let start = Int(span >> 16), length = Int(span & 0xFFFF)
        return paths.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<start + length]), as: UTF8.self) }
    }

    func fingerprint(of path: String) -> PageFingerprint? { index(of: path).map(fingerprint(at:)) }

    private func pathMatches(_ index: Int, _ path: String) -> Bool {
        let span = records[index * 3 + 2]
        let start = Int(span >> 16), length = Int(span & 0xFFFF)
        guard length == path.utf8.count else { return false }
        return paths.withUnsafeBufferPointer { stored in
            path.utf8.withContiguousStorageIfAvailable { memcmp(stored.baseAddress! + start, $0.baseAddress!, length) == 0 }
                ?? stored[start..<start + length].elementsEqual(path.utf8)
        }
    }

    // MARK: The file

    /// Where the table sealed `seal` of the manifest slot `slot` lies: beside it, under the
    /// output's name (the slot's name without its `.<n>.manifest`).
    static func file(_ seal: UInt64, besideSlot slot: URL) -> URL {
        slot.deletingLastPathComponent().appendingPathComponent(prefix(ofSlot: slot) + PageFingerprint(value: seal).description)
    }

    /// The start of the names of every table of the output whose slot is `slot`.
    static func prefix(ofSlot slot: URL) -> String {
        let name = slot.lastPathComponent
        let output = name.split(separator: ".", omittingEmptySubsequences: false).dropLast(2).joined(separator: ".")
        return output + ".table-"
    }

    /// Writes the table beside `slot` (a temporary name, then renamed: a killed write leaves no
    /// file under a table's name), unless it was read from there.
    func write(besideSlot slot: URL) throws {
        if isStored { return }
        let target = Self.file(seal, besideSlot: slot)
        var sealed = ByteWriter()
        sealed.add(seal)
        let temporary = target.path + ".new"
        try StateFile.write(Self.body(records: records, paths: paths, folders: folders) + sealed.bytes, to: URL(fileURLWithPath: temporary))
        guard rename(temporary, target.path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    /// The table sealed `seal` beside `slot`; nil when it is missing, or damaged (its bytes do
    /// not give its seal, or their structure does not hold).
    static func load(_ seal: UInt64, besideSlot slot: URL) -> ManifestTable? {
        guard let bytes = StateFile.read(file(seal, besideSlot: slot)), bytes.count >= 8 else { return nil }
        let end = bytes.count - 8
        guard ByteReader.digest(of: bytes[..<end]) == seal, digestWord(bytes, at: end) == seal else { return nil }
        return decode(bytes[..<end], seal: seal)
    }

    /// The paths the table file sealed `seal` beside `slot` lists, its seal not checked but its
    /// structure held to (a damaged table still names the files a build made: `OwnedFolders`).
    static func listedPaths(_ seal: UInt64, besideSlot slot: URL) -> [String] {
        guard let bytes = StateFile.read(file(seal, besideSlot: slot)), bytes.count >= 8,
              let table = decode(bytes[..<(bytes.count - 8)], seal: seal) else { return [] }
        return (0..<table.count).map(table.path(at:))
    }

    private static func digestWord(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << (8 * UInt64($1)) }
    }

    private static func decode(_ bytes: ArraySlice<UInt8>, seal: UInt64) -> ManifestTable? {
        let base = bytes.startIndex
        guard bytes.count >= headerWords * 8 else { return nil }
        let header = bytes.withUnsafeBytes { raw in (0..<headerWords).map { raw.loadUnaligned(fromByteOffset: $0 * 8, as: UInt64.self).littleEndian } }
        guard header[0] == magic, header[1] < UInt64(Int32.max), header[2] < UInt64(Int.max / 2), header[3] < UInt64(Int.max / 2) else { return nil }
        let count = Int(header[1]), folderBytes = Int(header[2]), pathBytes = Int(header[3])
        let recordsStart = headerWords * 8, foldersStart = recordsStart + count * 24, pathsStart = foldersStart + folderBytes
        guard pathsStart + pathBytes == bytes.count else { return nil }
        var records = [UInt64](repeating: 0, count: count * 3)
        records.withUnsafeMutableBytes { target in
            bytes.withUnsafeBytes { target.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[recordsStart..<foldersStart])) }
        }
        #if !_endian(little)
        records = records.map { UInt64(littleEndian: $0) }
        #endif
        var previous: UInt64 = 0
        for index in 0..<count {
            let span = records[index * 3 + 2]
            guard records[index * 3] >= previous, Int(span >> 16) + Int(span & 0xFFFF) <= pathBytes else { return nil }
            previous = records[index * 3]
        }
        let folders = String(decoding: bytes[(base + foldersStart)..<(base + pathsStart)], as: UTF8.self)
            .split(separator: "\n").map(String.init)
        return ManifestTable(records: records, paths: Array(bytes[(base + pathsStart)...]), folders: folders, seal: seal, isStored: true)
    }
}
