import Foundation
import Glibc
import WenjinBuildSupport

/// The folders builds made at one output's place (the live output, its twin, and the names a
/// swap passes through), by identity, in a small file in the state folder. It is what allows a
/// build to replace a folder that holds files: only a folder a build made, never one a user
/// happens to keep at that name. A folder a manifest slot names counts as made too (outputs
/// of versions before this record).
struct OwnedFolders: Sendable {
    private let file: URL
    /// The output these folders belong to, resolved: the record keeps other outputs' entries.
    private let destination: String
    /// Where this output's folders can be found: live, twin, set aside, spare.
    private let places: [String]
    private let slots: [URL]

    init(destination: String, places: [String], stateFolder: URL, slots: [URL]) {
        let name = (destination as NSString).lastPathComponent
        file = stateFolder.appendingPathComponent("output-\(name).folders")
        self.destination = destination
        self.places = places
        self.slots = slots
    }

    /// Whether the folder at `path` (not followed if it is a link) is one a build made: its
    /// identity is recorded, or a manifest slot names it. An inode number can come back for a
    /// new folder, so this alone vouches only for the twin's names, which are wenjin's own.
    func made(_ path: String) -> Bool {
        guard let identity = Self.identity(path) else { return false }
        return entries().contains { $0.identity == identity && $0.destination == destination }
            || slots.contains { OutputManifest.names(identity, in: $0) }
    }

    /// The manifest that describes the folder at `path` as it is now (nothing was added to it),
    /// with the index of its slot, checked by its header and folder lines (its file lines are
    /// parsed by `Loaded.manifest()`); nil when none does.
    func describing(_ path: String) -> OutputManifest.Loaded? {
        for (slot, file) in slots.enumerated() {
            if let loaded = OutputManifest.loaded(file, slot: slot, describing: path) { return loaded }
        }
        return nil
    }

    /// The paths of the files any manifest of this output lists, whatever folder it was written
    /// for: what `unlisted(in:listed:exempt:)` checks a folder against.
    func listedPaths() -> Set<String> {
        slots.compactMap(OutputManifest.listedPaths).reduce(into: Set<String>()) { $0.formUnion($1) }
    }

    /// Up to `limit` + 1 files under `path` (links included, never followed) that `listed`
    /// (`listedPaths()`) does not hold and `exempt` does not accept: the files a build did not
    /// write, which it must not remove. A copy of an output (restored from a backup, or a
    /// benchmark's copied site) has none. Walked with `readdir`, whose entry types spare a
    /// `stat` per file: an untrusted output at 100,000 questions holds 150,000 files. A folder
    /// that cannot be opened, or a name that is not UTF-8 (no manifest lists it), counts as a file
    /// no build wrote: what cannot be checked is not taken for a build's own.
    func unlisted(in path: String, listed: Set<String>, exempt: (String) -> Bool, limit: Int = 3) -> [String] {
        var found: [String] = []
        FolderWalk.walk(path, unopenable: { folder in found.append(folder.isEmpty ? "." : folder + "/") }) { entry in
            if let relative = entry.relativePath {
                if entry.kind != .folder, !listed.contains(relative), !exempt(relative) { found.append(relative) }
            } else {
                found.append(entry.folder.isEmpty ? "?" : entry.folder + "/?")
            }
            return found.count <= limit
        }
        return Array(found.prefix(limit + 1))
    }

    /// Records that a build made the folder at `path`, and forgets this output's folders that
    /// are at none of its places any more (removed, so their inode numbers may come back).
    func record(_ path: String) throws(SiteError) {
        guard let identity = Self.identity(path) else { return }
        let present = Set(places.compactMap(Self.identity))
        var kept = entries().filter { $0.destination != destination || present.contains($0.identity) }
        kept.removeAll { $0.identity == identity && $0.destination == destination }
        kept.append(Entry(identity: identity, destination: destination))
        let text = kept.map { "\($0.identity) \($0.destination)\n" }.joined()
        let temporary = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".new")
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        } catch {
            throw SiteError(.output, step: .publish, file: file.path, message: "cannot record the output folder", underlying: error)
        }
    }

    private struct Entry {
        let identity: FolderIdentity
        let destination: String
    }

    /// The record's lines, `<device> <inode> <destination>`; a malformed line is skipped.
    private func entries() -> [Entry] {
        guard let data = FileManager.default.contents(atPath: file.path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return nil }
            return Entry(identity: FolderIdentity(device: device, inode: inode), destination: String(parts[2]))
        }
    }

    /// The identity of the folder at `path` itself: nil for a link, a file or nothing.
    private static func identity(_ path: String) -> FolderIdentity? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return FolderIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
