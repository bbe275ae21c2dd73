import Foundation
import Glibc
import WenjinBuildSupport

/// The fingerprint of every file of one output folder, and the state files the builder keeps
/// with it (sidecars: each in a file beside the manifest, listed in it by size and digest, and
/// read only when asked for), stored in the store's folder: the output itself is published as
/// is, so it cannot hold them.
///
/// A manifest names the folder it describes by its identity (`FolderIdentity`) and records
/// when the names in each of its folders last changed, so it is read back only for that
/// folder, and only while no file was added, removed or replaced there by anything else (the
/// preview's draft pages, a file copied in by hand). `StagedOutput` keeps two slot files per
/// output, one for the live folder and one for its twin; which is which follows from the
/// identities, so swapping the folders needs no manifest write.
struct OutputManifest: Sendable {
    private(set) var fingerprints: [String: PageFingerprint] = [:]
    /// The sidecars listed, by name: their size and the digest of their bytes.
    private var sidecars: [String: (count: Int, digest: PageFingerprint)] = [:]
    /// The file the manifest was read from; its sidecars are beside it.
    private var file: URL?

    private static let header = "wenjin output manifest 3"
    /// Folders `folders` compares a path's folder with before hashing it.
    private static let recentFolders = 16

    /// A manifest read from one of an output's two slots (`slots(for:in:)`) whose header and
    /// folder lines describe its folder as it is now: all the check of an output's place needs.
    /// Its file lines (225,000 at 100,000 questions) are parsed when the build stages its
    /// output (`manifest()`), beside the bodies' sanitizing, not before every other step.
    struct Loaded: Sendable {
        /// The slot's index.
        let slot: Int
        fileprivate let file: URL
        fileprivate let folder: String
        fileprivate let bytes: Data

        /// The manifest, when every line of it reads; nil when one is damaged.
        func manifest() -> OutputManifest? {
            guard let identity = FolderIdentity(path: folder) else { return nil }
            var manifest = bytes.withUnsafeBytes { parse($0.bindMemory(to: UInt8.self), expecting: identity, in: folder) }
            manifest?.file = file
            return manifest
        }

        /// Whether every line of it reads, its file lines checked but not kept: only a whole
        /// manifest vouches for its folder, so a damaged one never lets a build remove a file
        /// someone added there (`OutputPlace`).
        var isWhole: Bool {
            guard let identity = FolderIdentity(path: folder) else { return false }
            return bytes.withUnsafeBytes { parse($0.bindMemory(to: UInt8.self), expecting: identity, in: folder, keepingFiles: false) } != nil
        }
    }

    init(fingerprints: [String: PageFingerprint] = [:]) {
        self.fingerprints = fingerprints
    }

    /// The sidecar `name`, when listed and its file holds what was listed.
    func sidecar(_ name: String) -> [UInt8]? {
        guard let file, let listed = sidecars[name],
              let bytes = StateFile.read(Self.sidecarFile(name, of: file)),
              bytes.count == listed.count, PageFingerprint(contents: bytes) == listed.digest else { return nil }
        return bytes
    }

    /// The same, left in its file to be read by ranges (the search index's state, too large to
    /// hold whole beside the archive: docs/design.md#search), checked by its size only: reading
    /// 94 MB again for its digest cost a 100,000-question rebuild 0.05 s, and the one reader
    /// checks the bytes itself (the state's own checksum, which the journal sidecar, checked
    /// here whole, names it by).
    func sidecarFile(_ name: String) -> ReadableFile? {
        guard let file, let listed = sidecars[name], let opened = ReadableFile(path: Self.sidecarFile(name, of: file).path),
              opened.count == listed.count else { return nil }
        return opened
    }

    /// Links the sidecar `name` to the staging name of the manifest `staging`'s (`stage`), as
    /// this manifest lists it; nil when it is not listed or cannot be linked.
    func carry(_ name: String, to staging: URL) -> StagedSidecar? {
        guard let file, let listed = sidecars[name] else { return nil }
        let target = Self.sidecarFile(name + ".new", of: staging).path
        unlink(target)
        // The staging slot's own file is the twin's, replaced at publish; when it is already this
        // very file (carried before), a rename onto it would do nothing and leave the link behind.
        unlink(Self.sidecarFile(name, of: staging).path)
        guard link(Self.sidecarFile(name, of: file).path, target) == 0 else { return nil }
        return StagedSidecar(count: listed.count, digest: listed.digest)
    }

    private static func sidecarFile(_ name: String, of manifest: URL) -> URL {
        manifest.deletingLastPathComponent().appendingPathComponent(manifest.lastPathComponent + "." + name)
    }

    subscript(path: SitePath) -> PageFingerprint? { fingerprints[path.text] }

    /// The two slot files of the output folder `destination` in `stateFolder`.
    static func slots(for destination: URL, in stateFolder: URL) -> [URL] {
        let name = destination.standardizedFileURL.lastPathComponent
        return [1, 2].map { stateFolder.appendingPathComponent("output-\(name).\($0).manifest") }
    }

    /// The manifest in `file` when it describes the folder at `folder` as it is now; nil when
    /// the file is missing or malformed, names another folder, or the folder was changed.
    static func load(_ file: URL, describing folder: String) -> OutputManifest? {
        loaded(file, slot: 0, describing: folder)?.manifest()
    }

    /// The manifest in `file` (slot `slot`) when its header and folder lines describe the folder
    /// at `folder` as it is now, its file lines left to `Loaded.manifest()`; nil when the file is
    /// missing, names another folder, or the folder was changed.
    static func loaded(_ file: URL, slot: Int, describing folder: String) -> Loaded? {
        // The header first: the other slot's manifest (10 MB at 100,000 questions) is not read whole.
        guard let identity = FolderIdentity(path: folder), names(identity, in: file),
              let data = FileManager.default.contents(atPath: file.path),
              data.withUnsafeBytes({ describesFolders($0.bindMemory(to: UInt8.self), in: folder) }) else { return nil }
        return Loaded(slot: slot, file: file, folder: folder, bytes: data)
    }

    /// Whether the manifest in `file` was written for the folder `identity`, whether or not
    /// the folder changed since: proof that a build made that folder, not that its files are
    /// still as listed.
    static func names(_ identity: FolderIdentity, in file: URL) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: file.path) else { return false }
        defer { try? handle.close() }
        let expected = Array("\(header) \(identity)\n".utf8)
        guard let start = try? handle.read(upToCount: expected.count) else { return false }
        return Array(start) == expected
    }

    /// The paths of the files the manifest in `file` lists, whatever folder it was written for
    /// and whatever became of it since; nil when there is no manifest there. Read from the bytes
    /// (lines found with `memchr`): an untrusted output's check reads two manifests of every file.
    static func listedPaths(in file: URL) -> Set<String>? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return data.withUnsafeBytes { raw -> Set<String>? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let base = bytes.baseAddress, bytes.starts(with: Array((header + " ").utf8)) else { return nil }
            let folderPrefix = Array("folder ".utf8), sidecarPrefix = Array("sidecar ".utf8)
            var paths = Set<String>(minimumCapacity: bytes.count / 48)
            var position = 0, first = true
            while position < bytes.count, let found = memchr(base + position, 0x0A, bytes.count - position) {
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let line = UnsafeBufferPointer(rebasing: bytes[position..<end])
                position = end + 1
                if first { first = false; continue }
                guard line.count > 17, !line.starts(with: folderPrefix), !line.starts(with: sidecarPrefix) else { continue }
                paths.insert(String(decoding: UnsafeBufferPointer(rebasing: line[17...]), as: UTF8.self))
            }
            return paths
        }
    }

    /// A sidecar written before its manifest (`stage`), so its bytes need not be held until then.
    struct StagedSidecar: Sendable {
        let count: Int
        let digest: PageFingerprint
    }

    /// Writes the sidecar `name` of the manifest `file` to its staging name as `writing` makes
    /// it (`SidecarWriter`), renamed into place by the `write` given what this returns.
    static func stage(_ name: String, of file: URL, writing: (inout SidecarWriter) -> Void) throws(OutputFileError) -> StagedSidecar {
        let folder = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw OutputFileError(path: folder.path, message: "cannot create the folder", underlying: error)
        }
        var writer = try SidecarWriter(file: sidecarFile(name + ".new", of: file))
        writing(&writer)
        return try writer.finish()
    }

    /// Writes the manifest of the folder at `folder`, as it is now, to `file` atomically (a
    /// killed write leaves the old file), its `sidecars` first, each in a file beside it, and the
    /// `staged` ones (`stage`) moved into place.
    func write(describing folder: String, to file: URL, sidecars contents: [String: [UInt8]] = [:],
               staged: [String: StagedSidecar] = [:]) throws(SiteError) {
        guard let identity = FolderIdentity(path: folder) else {
            throw SiteError(.output, step: .publish, file: folder, message: "the output folder to describe is gone")
        }
        let temporary = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".new")
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            var listed = self
            for (name, bytes) in contents {
                let sidecar = Self.sidecarFile(name, of: file)
                let staged = Self.sidecarFile(name + ".new", of: file)
                try StateFile.write(bytes, to: staged)
                guard rename(staged.path, sidecar.path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
                listed.sidecars[name] = (bytes.count, PageFingerprint(contents: bytes))
            }
            for (name, sidecar) in staged {
                guard rename(Self.sidecarFile(name + ".new", of: file).path, Self.sidecarFile(name, of: file).path) == 0 else {
                    throw POSIXError(.init(rawValue: errno) ?? .EIO)
                }
                listed.sidecars[name] = (sidecar.count, sidecar.digest)
            }
            try StateFile.write(listed.encoded(identity: identity, folder: folder), to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        } catch {
            throw SiteError(.output, step: .publish, file: file.path, message: "cannot write the output manifest", underlying: error)
        }
    }

    /// The folders that hold the files, the root (`.`) included. Each file's own folder is
    /// found as a slice of its path, so only the few distinct folders become strings; a slice
    /// is first compared with the last few folders met, so that the paths of an output (a
    /// dozen folders for 225,000 files at 100,000 questions) are not each hashed into a set.
    private var folders: Set<String> {
        var parents = Set<Substring>()
        var recent: [Substring] = []
        for path in fingerprints.keys {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { continue }
            let parent = path[..<slash]
            let length = parent.utf8.count
            if recent.contains(where: { $0.utf8.count == length && $0.utf8.elementsEqual(parent.utf8) }) { continue }
            parents.insert(parent)
            if recent.count < Self.recentFolders { recent.append(parent) } else { recent[length % Self.recentFolders] = parent }
        }
        var folders: Set<String> = ["."]
        for parent in parents {
            var folder = parent
            while folders.insert(String(folder)).inserted, let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
                folder = folder[..<slash]
            }
        }
        return folders
    }

    /// The manifest as bytes: a header naming the folder, `folder <time> <path>` per folder,
    /// one `<fingerprint> <path>` line per file (in no particular order: sorting 15,000 paths
    /// would cost more than the rest), then each sidecar as `sidecar <byte count> <name>` and
    /// its bytes.
    private func encoded(identity: FolderIdentity, folder: String) -> [UInt8] {
        var bytes = Array("\(Self.header) \(identity)\n".utf8)
        bytes.reserveCapacity(fingerprints.count * 48 + sidecars.count * 64)
        for path in folders.sorted() {
            bytes += "folder \(FolderIdentity.namesChanged(folder + "/" + path) ?? -1) \(path)\n".utf8
        }
        let digits = Array("0123456789abcdef".utf8)
        for (path, fingerprint) in fingerprints {
            for shift in stride(from: 60, through: 0, by: -4) {
                bytes.append(digits[Int(truncatingIfNeeded: fingerprint.value >> UInt64(shift)) & 15])
            }
            bytes.append(0x20)
            bytes += path.utf8
            bytes.append(0x0A)
        }
        for (name, listed) in sidecars.sorted(by: { $0.key < $1.key }) {
            bytes += "sidecar \(listed.count) \(listed.digest) \(name)\n".utf8
        }
        return bytes
    }

    /// Reads what `encoded` wrote. Lines found with `memchr` and file lines decoded from their
    /// bytes directly: a rebuild reads two manifests of every output file before anything else.
    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, expecting identity: FolderIdentity,
                              in folder: String, keepingFiles: Bool = true) -> OutputManifest? {
        guard let base = bytes.baseAddress else { return nil }
        var position = 0
        /// The next line's bytes without its newline; nil at the end or on a missing newline.
        func line() -> UnsafeBufferPointer<UInt8>? {
            guard position < bytes.count, let found = memchr(base + position, 0x0A, bytes.count - position) else { return nil }
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            defer { position = end + 1 }
            return UnsafeBufferPointer(start: base + position, count: end - position)
        }
        func text(_ line: UnsafeBufferPointer<UInt8>) -> Substring { Substring(decoding: line, as: UTF8.self) }
        guard let first = line(), text(first) == "\(header) \(identity)" else { return nil }
        var manifest = OutputManifest()
        // Filled apart and moved in at the end: a file line costs one insert, nothing else.
        var fingerprints: [String: PageFingerprint] = [:]
        fingerprints.reserveCapacity(bytes.count / 48)
        let folderPrefix = Array("folder ".utf8), sidecarPrefix = Array("sidecar ".utf8)
        while position < bytes.count, let found = memchr(base + position, 0x0A, bytes.count - position) {
            let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let bytes = UnsafeBufferPointer(start: base + position, count: end - position)
            position = end + 1
            if bytes.count > 17, bytes[16] == 0x20, let fingerprint = hexValue(bytes[0..<16]) {
                guard keepingFiles else { continue }
                fingerprints[String(decoding: UnsafeBufferPointer(rebasing: bytes[17...]), as: UTF8.self)] = PageFingerprint(value: fingerprint)
            } else if bytes.starts(with: folderPrefix) {
                let parts = text(bytes).dropFirst(7).split(separator: " ", maxSplits: 1)
                guard parts.count == 2, let time = Int64(parts[0]),
                      FolderIdentity.namesChanged(folder + "/" + parts[1]) == time else { return nil }
            } else if bytes.starts(with: sidecarPrefix) {
                let parts = text(bytes).dropFirst(8).split(separator: " ", maxSplits: 2)
                guard parts.count == 3, let count = Int(parts[0]), count >= 0, let digest = PageFingerprint(hex: parts[1]) else { return nil }
                manifest.sidecars[String(parts[2])] = (count, digest)
            } else {
                return nil
            }
        }
        guard position == bytes.count else { return nil }
        manifest.fingerprints = fingerprints
        return manifest
    }

    /// Whether the folder lines that follow the header (`encoded` writes them first) hold for
    /// the folders under `folder` now: no name was added, removed or replaced in them since.
    private static func describesFolders(_ bytes: UnsafeBufferPointer<UInt8>, in folder: String) -> Bool {
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
