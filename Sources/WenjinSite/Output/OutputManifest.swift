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
    /// Most of the files, in a table of their own shared with the other slot (nil: none).
    private(set) var table: ManifestTable?
    /// The files that differ from the table: each one's fingerprint, or nil for a file the
    /// table lists that the folder no longer holds. Without a table, every file.
    private(set) var journal: [String: PageFingerprint?] = [:] {
        didSet { journalDigests = Self.digests(of: journal) }
    }
    /// The digests (`ManifestTable.digest(of:)`) of the journal's paths, sorted: most look-ups
    /// miss the journal, and are told so without hashing the path into it.
    private var journalDigests: [UInt64] = []
    /// The sidecars listed, by name: their size and the digest of their bytes.
    private(set) var sidecars: [String: (count: Int, digest: PageFingerprint)] = [:]
    /// The file the manifest was read from; its sidecars are beside it.
    private var file: URL?

    static let header = "wenjin output manifest 4"
    /// Manifests of earlier versions: no longer trusted, but still proof of which folders and
    /// files a build made (`names`, `listedPaths`), so an output they describe is rebuilt, not refused.
    static let earlierHeaders = ["wenjin output manifest 3"]
    static let removed = "removed "

    /// A manifest read from one of an output's two slots (`slots(for:in:)`) whose header and
    /// folder lines describe its folder as it is now: all the check of an output's place needs
    /// to find the slot; `manifest()` reads the rest.
    struct Loaded: Sendable {
        /// The slot's index.
        let slot: Int
        fileprivate let file: URL
        fileprivate let folder: String
        fileprivate let bytes: Data

        /// The manifest, when every line of it reads and its table is whole; nil when one is
        /// damaged: only a whole manifest vouches for its folder, so a damaged one never lets a
        /// build remove a file someone added there (`OutputPlace`). `sharing`: a manifest whose
        /// table is taken when it is the one this names, rather than read again.
        func manifest(sharing other: OutputManifest? = nil) -> OutputManifest? {
            guard let identity = FolderIdentity(path: folder) else { return nil }
            var manifest = bytes.withUnsafeBytes { parse($0.bindMemory(to: UInt8.self), expecting: identity, in: folder, slot: file,
                                                         sharing: other?.table) }
            manifest?.file = file
            return manifest
        }

        /// Whether the slot's own lines are whole and sealed, its table aside. With the folder
        /// lines (checked when it was loaded) that proves no name changed in the folder since a
        /// build left it, even when the table, a file of its own, was lost (`OutputPlace`).
        func slotIsWhole() -> Bool {
            guard let identity = FolderIdentity(path: folder) else { return false }
            return bytes.withUnsafeBytes {
                parse($0.bindMemory(to: UInt8.self), expecting: identity, in: folder, slot: file, sharing: nil, readingTable: false)
            } != nil
        }
    }

    init(table: ManifestTable? = nil, journal: [String: PageFingerprint?] = [:],
         sidecars: [String: (count: Int, digest: PageFingerprint)] = [:]) {
        self.table = table
        self.journal = journal
        self.sidecars = sidecars
        journalDigests = Self.digests(of: journal)
    }

    /// The manifest of exactly `files`, without a table.
    init(fingerprints files: [String: PageFingerprint]) {
        journal = files.mapValues { $0 }
    }

    /// The fingerprint listed for `path`, and its record in the table when that is where it
    /// was found (`StagingProgress` keeps the table's files by their record).
    func lookup(_ path: String) -> (fingerprint: PageFingerprint?, tableIndex: Int?) {
        // Without a table, the journal lists every file.
        guard let table else { return (journal[path] ?? nil, nil) }
        let digest = ManifestTable.digest(of: path)
        if Self.sortedContains(journalDigests, digest), let entry = journal[path] { return (entry, nil) }
        guard let index = table.index(of: path, digest: digest) else { return (nil, nil) }
        return (table.fingerprint(at: index), index)
    }

    /// Whether the journal may list the path of digest `digest` (`ManifestTable.digest(of:)`);
    /// false: it does not.
    func journalMayName(_ digest: UInt64) -> Bool { Self.sortedContains(journalDigests, digest) }

    /// `lookup(path)` here, with what `other` lists for `path`: the path digested once and, when
    /// both manifests name one table (the twin's and the live folder's after a rebuild), searched
    /// in it once.
    func lookup(_ path: String, alsoIn other: OutputManifest) -> (fingerprint: PageFingerprint?, tableIndex: Int?, other: PageFingerprint?) {
        guard let table, let otherTable = other.table, table.seal == otherTable.seal else {
            let found = lookup(path)
            return (found.fingerprint, found.tableIndex, other.lookup(path).fingerprint)
        }
        let digest = ManifestTable.digest(of: path)
        let index = table.index(of: path, digest: digest)
        let found = resolve(path, digest: digest, tableIndex: index, in: table)
        return (found.fingerprint, found.tableIndex, other.resolve(path, digest: digest, tableIndex: index, in: table).fingerprint)
    }

    /// What the manifest lists for `path` (digested `digest`) given its record `tableIndex` in
    /// `table` (the manifest's own): the journal's entry, when it has one, else the record.
    private func resolve(_ path: String, digest: UInt64, tableIndex: Int?,
                         in table: ManifestTable) -> (fingerprint: PageFingerprint?, tableIndex: Int?) {
        if Self.sortedContains(journalDigests, digest), let entry = journal[path] { return (entry, nil) }
        return (tableIndex.map(table.fingerprint(at:)), tableIndex)
    }

    private static func digests(of journal: [String: PageFingerprint?]) -> [UInt64] {
        journal.keys.map(ManifestTable.digest(of:)).sorted()
    }

    private static func sortedContains(_ sorted: [UInt64], _ value: UInt64) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == value
    }

    subscript(path: SitePath) -> PageFingerprint? { lookup(path.text).fingerprint }

    /// Every file listed, by path: a walk of the whole table (a full build, a failed one).
    var files: [String: PageFingerprint] {
        var files: [String: PageFingerprint] = [:]
        files.reserveCapacity((table?.count ?? 0) + journal.count)
        if let table {
            for index in 0..<table.count { files[table.path(at: index)] = table.fingerprint(at: index) }
        }
        for (path, fingerprint) in journal { files[path] = fingerprint }
        return files
    }

    /// The sidecar `name`, when listed and its file holds what was listed.
    func sidecar(_ name: String) -> [UInt8]? {
        guard let file, let listed = sidecars[name],
              let bytes = StateFile.read(Self.sidecarFile(name, of: file)),
              bytes.count == listed.count, PageFingerprint(contents: bytes) == listed.digest else { return nil }
        return bytes
    }

    /// The sidecar `name` as 64-bit words (`StateFile.mapWords`), when listed and its file
    /// holds what was listed: a record of words is then read where it lies, never copied.
    func sidecarWords(_ name: String) -> MappedWords? {
        guard let file, let listed = sidecars[name], listed.count % 8 == 0,
              let words = StateFile.mapWords(Self.sidecarFile(name, of: file)), words.buffer.count * 8 == listed.count,
              PageFingerprint(contents: UnsafeRawBufferPointer(words.buffer)) == listed.digest else { return nil }
        return words
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

    /// The two slot files of the output folder `destination` in `stateFolder`.
    static func slots(for destination: URL, in stateFolder: URL) -> [URL] {
        let name = destination.standardizedFileURL.lastPathComponent
        return [1, 2].map { stateFolder.appendingPathComponent("output-\(name).\($0).manifest") }
    }

    /// The manifest in `file` when it describes the folder at `folder` as it is now; nil when
    /// the file or its table is missing or malformed, names another folder, or the folder was
    /// changed. `sharing`: as `Loaded.manifest(sharing:)`.
    static func load(_ file: URL, describing folder: String, sharing other: OutputManifest? = nil) -> OutputManifest? {
        loaded(file, slot: 0, describing: folder)?.manifest(sharing: other)
    }

    /// The manifest in `file` (slot `slot`) when its header and folder lines describe the folder
    /// at `folder` as it is now, the rest left to `Loaded.manifest()`; nil when the file is
    /// missing, names another folder, or the folder was changed.
    static func loaded(_ file: URL, slot: Int, describing folder: String) -> Loaded? {
        // The header first: the other slot's manifest is not read whole.
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
        guard let start = try? handle.read(upToCount: 128) else { return false }
        return ([header] + earlierHeaders).contains { start.starts(with: Array("\($0) \(identity)\n".utf8)) }
    }

    /// The paths of the files the manifest in `file` lists, whatever folder it was written for
    /// and whatever became of it since, its table's included; nil when there is no manifest
    /// there. Read line by line without the seal: a damaged manifest still names the files a
    /// build wrote, which an untrusted output's check (`OwnedFolders.unlisted`) compares with.
    static func listedPaths(in file: URL) -> Set<String>? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return data.withUnsafeBytes { raw -> Set<String>? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard ([header] + earlierHeaders).contains(where: { bytes.starts(with: Array(($0 + " ").utf8)) }) else { return nil }
            var paths = Set<String>(minimumCapacity: bytes.count / 48)
            var removed: [String] = []
            var first = true
            forEachLine(bytes) { line in
                if first { first = false; return }
                switch Line(line) {
                case .file(let path, _): paths.insert(path)
                case .removed(let path): removed.append(path)
                case .table(let seal, _): paths.formUnion(ManifestTable.listedPaths(seal, besideSlot: file))
                default: break
                }
            }
            paths.subtract(removed)
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
    /// killed write leaves the old file), its table (when new) and `sidecars` first, each in a
    /// file beside it, and the `staged` ones (`stage`) moved into place.
    func write(describing folder: String, to file: URL, sidecars contents: [String: [UInt8]] = [:],
               staged: [String: StagedSidecar] = [:]) throws(SiteError) {
        guard let identity = FolderIdentity(path: folder) else {
            throw SiteError(.output, step: .publish, file: folder, message: "the output folder to describe is gone")
        }
        let temporary = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".new")
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try table?.write(besideSlot: file)
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

    /// Removes the tables of `slot`'s output that neither `kept` names: what a build left when
    /// its slots moved to another table, or when it was killed before.
    static func removeTables(besideSlot slot: URL, keeping kept: [ManifestTable?]) {
        let folder = slot.deletingLastPathComponent()
        let prefix = ManifestTable.prefix(ofSlot: slot)
        let keptNames = Set(kept.compactMap { $0.map { ManifestTable.file($0.seal, besideSlot: slot).lastPathComponent } })
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasPrefix(prefix) && !keptNames.contains(name) {
            unlink(folder.appendingPathComponent(name).path)
        }
    }
}
