import Foundation
import Glibc
import WenjinBuildSupport

/// How a manifest slot is written and read (`OutputManifest`): its lines, their seal, and the
/// check of its folder lines against the folder as it is now.
extension OutputManifest {
    /// The folders whose lines the manifest of `folder` holds: those of the table's files and
    /// the journal's, where they still are (a folder the build emptied is gone).
    private func folders(in folder: String) -> [(path: String, time: Int64)] {
        var paths = Set(table?.folders ?? ["."])
        paths.formUnion(OutputFolders.holding(journal.lazy.compactMap { $0.value == nil ? nil : $0.key }))
        return paths.sorted().compactMap { path in FolderIdentity.namesChanged(folder + "/" + path).map { (path, $0) } }
    }

    /// The manifest as bytes: a header naming the folder, `folder <time> <path>` per folder,
    /// `table <seal> <count>` when it has one, one `<fingerprint> <path>` line per file of the
    /// journal (in no particular order) and `removed <path>` per file the table lists that is
    /// gone, each sidecar as `sidecar <byte count> <digest> <name>`, and `end <digest>` of all
    /// the bytes before it, so a file cut short at a line's end is not taken for whole.
    func encoded(identity: FolderIdentity, folder: String) -> [UInt8] {
        var bytes = Array("\(Self.header) \(identity)\n".utf8)
        bytes.reserveCapacity(journal.count * 48 + sidecars.count * 64 + 1024)
        for (path, time) in folders(in: folder) {
            bytes += "folder \(time) \(path)\n".utf8
        }
        if let table {
            bytes += "table \(PageFingerprint(value: table.seal)) \(table.count)\n".utf8
        }
        let digits = Array("0123456789abcdef".utf8)
        for (path, fingerprint) in journal {
            if let fingerprint {
                for shift in stride(from: 60, through: 0, by: -4) {
                    bytes.append(digits[Int(truncatingIfNeeded: fingerprint.value >> UInt64(shift)) & 15])
                }
                bytes.append(0x20)
            } else {
                bytes += Self.removed.utf8
            }
            bytes += path.utf8
            bytes.append(0x0A)
        }
        for (name, listed) in sidecars.sorted(by: { $0.key < $1.key }) {
            bytes += "sidecar \(listed.count) \(listed.digest) \(name)\n".utf8
        }
        bytes += "end \(PageFingerprint(value: ByteReader.digest(of: bytes[...])))\n".utf8
        return bytes
    }

    /// One line of a manifest after its header.
    enum Line {
        case file(String, PageFingerprint)
        case removed(String)
        case folder(path: Substring, time: Int64)
        case table(seal: UInt64, count: Int)
        case sidecar(name: String, count: Int, digest: PageFingerprint)
        case end(UInt64)
        case malformed

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            func text(dropping count: Int) -> Substring { Substring(decoding: UnsafeBufferPointer(rebasing: bytes[count...]), as: UTF8.self) }
            if bytes.count > 17, bytes[16] == 0x20, let fingerprint = OutputManifest.hexValue(bytes[0..<16]) {
                self = .file(String(decoding: UnsafeBufferPointer(rebasing: bytes[17...]), as: UTF8.self), PageFingerprint(value: fingerprint))
            } else if bytes.count > 8, bytes.starts(with: OutputManifest.removed.utf8) {
                self = .removed(String(text(dropping: 8)))
            } else if bytes.starts(with: "folder ".utf8) {
                let parts = text(dropping: 7).split(separator: " ", maxSplits: 1)
                guard parts.count == 2, let time = Int64(parts[0]) else { self = .malformed; return }
                self = .folder(path: parts[1], time: time)
            } else if bytes.starts(with: "table ".utf8) {
                let parts = text(dropping: 6).split(separator: " ")
                guard parts.count == 2, let seal = PageFingerprint(hex: parts[0]), let count = Int(parts[1]) else { self = .malformed; return }
                self = .table(seal: seal.value, count: count)
            } else if bytes.starts(with: "sidecar ".utf8) {
                let parts = text(dropping: 8).split(separator: " ", maxSplits: 2)
                guard parts.count == 3, let count = Int(parts[0]), count >= 0, let digest = PageFingerprint(hex: parts[1]) else {
                    self = .malformed
                    return
                }
                self = .sidecar(name: String(parts[2]), count: count, digest: digest)
            } else if bytes.starts(with: "end ".utf8), let digest = PageFingerprint(hex: text(dropping: 4)) {
                self = .end(digest.value)
            } else {
                self = .malformed
            }
        }
    }

    /// Calls `body` with each line's bytes (without its newline); false when the last line has
    /// no newline. Lines found with `memchr`: a manifest without a table lists every file.
    @discardableResult
    static func forEachLine(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var position = 0
        while position < bytes.count {
            guard let found = memchr(base + position, 0x0A, bytes.count - position) else { return false }
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            body(UnsafeBufferPointer(start: base + position, count: end - position))
            position = end + 1
        }
        return true
    }

    /// Reads what `encoded` wrote, and the table it names (or `shared`, when it is that one).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, expecting identity: FolderIdentity, in folder: String,
                              slot: URL, sharing shared: ManifestTable?, readingTable: Bool = true) -> OutputManifest? {
        let first = Array("\(header) \(identity)\n".utf8)
        guard bytes.starts(with: first) else { return nil }
        var journal: [String: PageFingerprint?] = [:]
        var sidecars: [String: (count: Int, digest: PageFingerprint)] = [:]
        var table: (seal: UInt64, count: Int)?
        var sealed: Int?, valid = true, position = 0
        let whole = forEachLine(bytes) { line in
            defer { position += line.count + 1 }
            guard valid, sealed == nil else { valid = false; return }
            if position == 0 { return }
            switch Line(line) {
            case .file(let path, let fingerprint): journal[path] = fingerprint
            case .removed(let path): journal[path] = .some(nil)
            case .folder(let path, let time): valid = FolderIdentity.namesChanged(folder + "/" + path) == time
            case .table(let seal, let count): valid = table == nil; table = (seal, count)
            case .sidecar(let name, let count, let digest): sidecars[name] = (count, digest)
            case .end(let digest):
                sealed = position
                valid = ByteReader.digest(of: ArraySlice(UnsafeBufferPointer(rebasing: bytes[0..<position]))) == digest
            case .malformed: valid = false
            }
        }
        guard whole, valid, sealed != nil else { return nil }
        var found: ManifestTable?
        if readingTable, let (seal, count) = table {
            found = shared?.seal == seal ? shared : ManifestTable.load(seal, besideSlot: slot)
            guard found?.count == count else { return nil }
        }
        return OutputManifest(table: found, journal: journal, sidecars: sidecars)
    }

    /// Whether the folder lines that follow the header (`encoded` writes them first) hold for
    /// the folders under `folder` now: no name was added, removed or replaced in them since.
    static func describesFolders(_ bytes: UnsafeBufferPointer<UInt8>, in folder: String) -> Bool {
        guard let base = bytes.baseAddress, let first = memchr(base, 0x0A, bytes.count) else { return false }
        var position = base.distance(to: first.assumingMemoryBound(to: UInt8.self)) + 1
        let folderPrefix = Array("folder ".utf8)
        while position < bytes.count {
            // A last line cut short: the file was not written whole.
            guard let found = memchr(base + position, 0x0A, bytes.count - position) else { return false }
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let line = UnsafeBufferPointer(start: base + position, count: end - position)
            guard line.starts(with: folderPrefix) else { return true }
            position = end + 1
            let parts = Substring(decoding: line, as: UTF8.self).dropFirst(7).split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let time = Int64(parts[0]), FolderIdentity.namesChanged(folder + "/" + parts[1]) == time else { return false }
        }
        return true
    }

    /// Sixteen hex digits (either case), as `PageFingerprint(hex:)` reads them.
    private static func hexValue(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64? {
        var value: UInt64 = 0
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt64(nibble)
        }
        return value
    }
}
