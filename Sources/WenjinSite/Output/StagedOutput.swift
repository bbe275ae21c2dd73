import Dispatch
import Foundation
import Glibc
import Synchronization
import WenjinBuildSupport

/// The output folder of one build. The previous output (one build older than the live one)
/// is kept beside the live folder as its twin (`.<name>.previous`, hard links to the live
/// files that did not change since); a build turns the twin into the new output in place and
/// swaps it with the live folder atomically, so a build that changes k files costs O(k) file
/// operations, and a failed or killed build leaves the live site as it was.
///
/// Each folder's files are listed with their fingerprints in an `OutputManifest` tied to the
/// folder's identity and void once anything else changes names in it. Rule for every file,
/// which keeps unchanged files the same inode (for `rsync` users): when the live manifest has
/// the file's fingerprint the new output holds the live file's inode; else when the twin has
/// it, the twin's file stays; else it is written anew.
final class StagedOutput: Sendable {
    /// Whether a file's bytes are new, or the live output already had them.
    enum Outcome: Sendable {
        case written
        case unchanged
    }

    let destination: URL
    /// The twin (`.<name>.previous`): where this build stages the new output, and where the
    /// live one goes when it is published.
    private let staging: URL
    private let livePath: String
    private let folder: StagingFolder
    /// What the live folder and the twin held when the build began; empty when unknown.
    private let live: OutputManifest
    private let twin: OutputManifest
    /// Whether the live folder is one this program published (its manifest is valid).
    private let liveKnown: Bool
    /// The slot for the staged folder's manifest, and the other one (the live folder's).
    private let stagingSlot: URL
    private let otherSlot: URL
    private let atomicSwap: Bool
    /// An untrusted twin, renamed aside, removed once this build's files exist: on ext4,
    /// creating files right after deleting many is several times slower.
    private let setAside: URL
    /// The spare name of a swap made by renames.
    private let spare: String
    /// The record of the folders builds made here, so a later build may replace them.
    private let owned: OwnedFolders
    private let state: Mutex<StagingProgress>
    /// How many files a manifest's journal may list beyond a sixteenth of its table before the
    /// table is written anew (`OutputManifest.published`); small outputs keep every file there.
    private let tableFloor: Int
    static let defaultTableFloor = 1024

    /// Prepares the twin of `destination` for this build, with manifests kept in `stateFolder`
    /// (the store's folder), without checking the place (tests of the mechanics alone).
    convenience init(destination: URL, stateFolder: URL, atomicSwap: Bool = true, tableFloor: Int = defaultTableFloor) throws(SiteError) {
        try self.init(place: OutputPlace(unchecked: destination.standardizedFileURL, stateFolder: stateFolder),
                      stateFolder: stateFolder, atomicSwap: atomicSwap, tableFloor: tableFloor)
    }

    /// Prepares the twin of the output at `place` (checked by `OutputPlace`: whatever it will
    /// remove or replace, a build made) for this build, with manifests kept in `stateFolder`
    /// (the store's folder). `atomicSwap: false` publishes with the fallback renames (tests).
    init(place: OutputPlace, stateFolder: URL, atomicSwap: Bool = true, tableFloor: Int = defaultTableFloor) throws(SiteError) {
        destination = place.destination
        self.atomicSwap = atomicSwap
        self.tableFloor = tableFloor
        let name = destination.lastPathComponent
        staging = place.twin
        setAside = place.setAside
        spare = place.spare.path
        owned = place.owned
        livePath = destination.path
        folder = StagingFolder(root: staging.path)
        let slots = OutputManifest.slots(for: self.destination, in: stateFolder)
        // Read once: the place's check read it already, unless the place was not checked. A
        // manifest damaged past its folder lines, or whose table is, is no manifest.
        let checked = place.checkedLive ?? place.owned.describing(livePath).flatMap { loaded in
            loaded.manifest().map { (loaded.slot, $0) }
        }
        let known = checked?.manifest
        let liveSlot = checked?.slot
        live = known ?? OutputManifest()
        liveKnown = known != nil
        stagingSlot = slots[liveSlot == 0 ? 1 : 0]
        otherSlot = slots[liveSlot == 0 ? 0 : 1]
        // The twin is trusted only beside a known live folder: its names share inodes with it.
        // Both slots name one table as a rule: read once.
        let knownTwin = liveKnown ? OutputManifest.load(stagingSlot, describing: staging.path, sharing: live) : nil
        let twinValid = knownTwin != nil
        twin = knownTwin ?? OutputManifest()
        state = Mutex(StagingProgress(tableCount: twin.table?.count ?? 0))
        do {
            // The place was checked: a folder holding files at the live or twin name was made by
            // a build. Recorded as such before any manifest that says so is removed below (an
            // empty one is not: the user may fill it if this build fails).
            for folder in [livePath, staging.path] where !((try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty ?? true) {
                try owned.record(folder)
            }
            // The twin's manifest goes before the twin changes: killed from here on, the next
            // build finds the twin unknown and starts it afresh. Without a known live folder
            // the other slot names a folder that is gone, whose inode may come back.
            for slot in liveKnown ? [stagingSlot] : slots where unlink(slot.path) != 0 && errno != ENOENT {
                throw POSIXError(.init(rawValue: errno) ?? .EIO)
            }
            // What an earlier version left in the state folder: its page manifest.
            unlink(stateFolder.appendingPathComponent("pages-\(name).manifest").path)
            // What a killed build left (the place was checked: a build made them, or they are empty).
            for leftover in [spare, setAside.path] where FileManager.default.fileExists(atPath: leftover) {
                try FileManager.default.removeItem(atPath: leftover)
            }
            if !twinValid {
                if FileManager.default.fileExists(atPath: staging.path) { try FileManager.default.moveItem(at: staging, to: setAside) }
                try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
                try owned.record(staging.path)
            }
        } catch {
            throw SiteError(.output, step: .renderPages, file: staging.path, message: "cannot prepare the output", underlying: error)
        }
    }

    /// Whether the live folder is one this program published, its manifest valid.
    var liveIsKnown: Bool { liveKnown }

    /// The fingerprint the live output's manifest records for `path`.
    func liveFingerprint(_ path: SitePath) -> PageFingerprint? { live[path] }

    /// The state file `name` published with the live output (`publish(sidecars:)`).
    func liveSidecar(_ name: String) -> [UInt8]? { live.sidecar(name) }
    func liveSidecarFile(_ name: String) -> ReadableFile? { live.sidecarFile(name) }
    func liveSidecarWords(_ name: String) -> MappedWords? { live.sidecarWords(name) }

    /// True when the staging folder now holds `path` with `fingerprint`: the twin had it, or
    /// the live output had it and it was linked. False: the caller renders and `write`s it.
    func carryOver(_ path: SitePath, fingerprint: PageFingerprint) throws(OutputFileError) -> Bool {
        try adopt(path, fingerprint: fingerprint) != nil
    }

    /// `carryOver` for many files at once, under one lock rather than one each: a rebuild
    /// passes every page of the archive here (docs/design.md#output).
    func carryOver(_ files: [(path: SitePath, fingerprint: PageFingerprint)]) throws(OutputFileError) -> [Bool] {
        let held = recordIfHeld(files)
        var kept: [Bool] = []
        kept.reserveCapacity(files.count)
        for (file, inPlace) in zip(files, held) {
            // In place, it is adopted whatever the live output holds (only the outcome differs).
            kept.append(inPlace ? true : try adopt(file.path, fingerprint: file.fingerprint, inPlace: false) != nil)
        }
        return kept
    }

    /// Puts `bytes` at `path`; `fingerprint` is the digest of what they were made from, else
    /// the bytes are digested. Files already in place or in the live output are not rewritten.
    func write(_ bytes: [UInt8], to path: SitePath, fingerprint: PageFingerprint? = nil) throws(OutputFileError) -> Outcome {
        let fingerprint = fingerprint ?? PageFingerprint(contents: bytes)
        if let outcome = try adopt(path, fingerprint: fingerprint) { return outcome }
        try folder.create(path, with: bytes)
        record(path, fingerprint)
        return .written
    }

    /// Places the file at the path `source` at `path`. Content-addressed files (images, named by their
    /// hash) are right whenever present, and are linked from `source` when new (same file
    /// system), so no image is ever copied twice; other files are digested like `write`.
    func place(_ source: String, to path: SitePath, contentAddressed: Bool) throws(OutputFileError) -> Outcome {
        guard contentAddressed else { return try write(try Self.contents(of: source), to: path) }
        return try placeImages([path][...]) { _ in source }[0]
    }

    /// `place` for many content-addressed files at once (every stored image, on every build),
    /// checked against the output under one lock, as `carryOver` does; each path is digested
    /// and searched once for both the twin's manifest and the live one's when they share their
    /// table, as they do after a rebuild (`OutputManifest.lookup(_:alsoIn:)`).
    func placeImages(_ paths: ArraySlice<SitePath>, source: (SitePath) -> String) throws(OutputFileError) -> [Outcome] {
        let fingerprints = paths.map { PageFingerprint(utf8: $0.text) }
        let found = paths.indices.map { twin.lookup(paths[$0].text, alsoIn: live) }
        let held = state.withLock { state in
            zip(zip(paths, fingerprints), found).map { file, found in
                state.holds(file.0.text, file.1, inTwin: found.fingerprint == file.1, tableIndex: found.tableIndex)
            }
        }
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(paths.count)
        for ((path, fingerprint), (inPlace, found)) in zip(zip(paths, fingerprints), zip(held, found)) {
            if let outcome = try adopt(path, fingerprint: fingerprint, inPlace: inPlace, live: found.other) {
                outcomes.append(outcome)
                continue
            }
            touch(path)
            let source = source(path)
            if try folder.link(source, to: path) {
                record(path, fingerprint)
                outcomes.append(.written)
            } else {
                outcomes.append(try write(try Self.contents(of: source), to: path, fingerprint: fingerprint))
            }
        }
        return outcomes
    }

    /// Whether the live output holds the images of `imageSet` as the build that published it
    /// placed them (its `SiteFileList.imageSetSidecar` says so) and the twin shares its table:
    /// then `carryImages` keeps the twin's images by their records, not by a look-up each.
    func holdsImages(_ imageSet: UInt64) -> Bool {
        guard liveKnown, let table = twin.table, table.seal == live.table?.seal else { return false }
        return live.sidecar(SiteFileList.imageSetSidecar) == SiteFileList.record(of: imageSet)
    }

    /// Places every image the live output holds as it holds them, after `holdsImages`: the
    /// twin's table records under the images' folder that neither manifest's journal names are
    /// kept, a bit each under one lock (75,000 at 100,000 questions); the few a journal names,
    /// or that this build touched already, are placed one by one from the live output — the
    /// live journal's own images among them, and none the live output no longer lists.
    func carryImages() throws(OutputFileError) -> [Outcome] {
        guard let table = twin.table else { return [] }
        let folder = SiteLayout.imageFolder
        let earlier = state.withLock { state in
            Set((state.touched.filter { $0.hasPrefix(folder) } + state.produced.keys.filter { $0.hasPrefix(folder) }).map(ManifestTable.digest(of:)))
        }
        var records: [Int] = [], named = Set<String>()
        for index in table.records(under: folder) {
            let digest = table.pathDigest(at: index)
            if twin.journalMayName(digest) || live.journalMayName(digest) || earlier.contains(digest) {
                named.insert(table.path(at: index))
            } else {
                records.append(index)
            }
        }
        for (path, fingerprint) in live.journal where fingerprint != nil && path.hasPrefix(folder) { named.insert(path) }
        state.withLock { $0.keep(records: records) }
        let livePath = livePath
        let placed = try placeImages(named.sorted().map { SitePath($0) }.filter { live[$0] != nil }[...]) { livePath + "/" + $0.text }
        return [Outcome](repeating: .unchanged, count: records.count) + placed
    }

    /// Every file this build has put in the staging folder so far, with its fingerprint, by path.
    func producedFiles() -> [(path: SitePath, fingerprint: PageFingerprint)] {
        OutputManifest.files(twin: twin, progress: state.withLock { $0 }).sorted { $0.key < $1.key }.map { (SitePath($0.key), $0.value) }
    }

    /// The bytes of a file this build put in the staging folder (`producedFiles`).
    func stagedContents(of path: SitePath) throws(OutputFileError) -> [UInt8] {
        try Self.contents(of: folder.file(path))
    }

    /// Writes the sidecar `name` now as `writing` makes it, a chunk at a time, published with
    /// the manifest by `publish`, so a large state file is never held whole in memory.
    func stageSidecar(_ name: String, writing: (inout SidecarWriter) -> Void) throws(OutputFileError) {
        let staged = try OutputManifest.stage(name, of: stagingSlot, writing: writing)
        state.withLock { $0.sidecars[name] = staged }
    }

    /// Publishes the live output's sidecar `name` with this output as it is: a hard link, listed
    /// as the live manifest lists it, so a large state file that a build only adds a journal to
    /// (the search index's, `SearchIndexState.journal()`) is not copied.
    func carrySidecar(_ name: String) -> Bool {
        guard let carried = live.carry(name, to: stagingSlot) else { return false }
        state.withLock { $0.sidecars[name] = carried }
        return true
    }

    /// Makes the staged folder the live output: removes what the twin held that this build did
    /// not produce, records its manifest and `sidecars` (small state files read back with
    /// `liveSidecar` by the next build), and swaps it with the live folder, which becomes the
    /// twin. Without a known live folder before, the twin is made as hard links to the new one.
    func publish(sidecars: [String: [UInt8]] = [:]) throws(SiteError) {
        if let name = sidecars.keys.first(where: { $0.isEmpty || $0.contains("\n") || $0.contains("/") }) {
            throw SiteError(.output, step: .publish, message: "invalid sidecar name \"\(name)\"")
        }
        let progress = state.withLock { $0 }
        let (manifest, stale) = OutputManifest.published(twin: twin, live: live, progress: progress, tableFloor: tableFloor)
        state.withLock { for path in stale { $0.touch(path) } }
        do {
            try folder.remove(stale.map { SitePath($0) })
        } catch {
            throw SiteError.during(.publish, error)
        }
        try manifest.write(describing: staging.path, to: stagingSlot, sidecars: sidecars, staged: progress.sidecars)
        if FolderIdentity(path: livePath) != nil {
            try FolderSwap.exchange(livePath, staging.path, spare: spare, atomic: atomicSwap)
        } else {
            try FolderSwap.move(staging.path, to: livePath)
        }
        state.withLock { $0.published = true }
        // Tables neither slot names any more (the twin's old one, one a killed build wrote).
        OutputManifest.removeTables(besideSlot: stagingSlot, keeping: [manifest.table, live.table])
        // The new twin's links and the set-aside twin's removal touch different folders, so
        // they overlap: on a disk with online discard, the removal mostly waits.
        let setAside = setAside.path
        if liveKnown {
            FolderRemoval.remove(setAside)
        } else {
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                if part == 0 { makeTwin(of: manifest) } else { FolderRemoval.remove(setAside) }
            }
        }
    }

    /// Called after a failure: the live output was never touched. The twin keeps what this
    /// build made of it, with a manifest that says so, so the next build starts from there.
    func discard() {
        let progress = state.withLock { $0 }
        guard !progress.published else { return }
        FolderRemoval.remove(setAside.path)
        // Even when its twin table record is kept: a write may have begun, and failed, after
        // the check said the twin's file was in place (a path produced twice).
        for path in progress.touched where progress.produced[path] == nil {
            // A name this build emptied, or a file it failed to finish: listed nowhere, it must not stay.
            guard unlink(folder.file(SitePath(path))) == 0 || errno == ENOENT else { return }
        }
        try? OutputManifest.discarded(twin: twin, progress: progress, tableFloor: tableFloor)
            .write(describing: staging.path, to: stagingSlot)
    }

    /// What is already in place or in the live output: the outcome when the staging folder
    /// now holds `path` with `fingerprint`, nil when the caller must produce it.
    private func adopt(_ path: SitePath, fingerprint: PageFingerprint) throws(OutputFileError) -> Outcome? {
        try adopt(path, fingerprint: fingerprint, inPlace: recordIfHeld([(path, fingerprint)])[0])
    }

    /// `adopt` once `recordIfHeld` said whether the file is in place.
    private func adopt(_ path: SitePath, fingerprint: PageFingerprint, inPlace: Bool) throws(OutputFileError) -> Outcome? {
        try adopt(path, fingerprint: fingerprint, inPlace: inPlace, live: live[path])
    }

    /// The same, given what the live manifest lists for `path`.
    private func adopt(_ path: SitePath, fingerprint: PageFingerprint, inPlace: Bool,
                       live listed: PageFingerprint?) throws(OutputFileError) -> Outcome? {
        if listed == fingerprint {
            // A file in place with the live fingerprint is the live file's inode already.
            if inPlace { return .unchanged }
            touch(path)
            if try folder.link(livePath + "/" + path.text, to: path) {
                record(path, fingerprint)
                return .unchanged
            }
            return nil
        }
        if inPlace { return .written }
        touch(path)
        return nil
    }

    /// For each file, whether the staging folder holds it with its fingerprint now
    /// (`StagingProgress.holds`), under one lock for them all.
    private func recordIfHeld(_ files: [(path: SitePath, fingerprint: PageFingerprint)]) -> [Bool] {
        // The twin never changes: looked up before the lock.
        let found = files.map { twin.lookup($0.path.text) }
        return state.withLock { state in
            zip(files, found).map { state.holds($0.path.text, $0.fingerprint, inTwin: $1.fingerprint == $0.fingerprint, tableIndex: $1.tableIndex) }
        }
    }

    private func touch(_ path: SitePath) {
        state.withLock { $0.touch(path.text) }
    }

    private func record(_ path: SitePath, _ fingerprint: PageFingerprint) {
        let tableIndex = twin.lookup(path.text).tableIndex
        state.withLock { $0.record(path.text, fingerprint, tableIndex: tableIndex) }
    }

    /// Replaces the twin (the old live folder, which `OutputPlace` found empty or made by a
    /// build, or nothing) by hard links to every file of the new live folder. Not fatal:
    /// without it the next build starts the twin afresh.
    private func makeTwin(of manifest: OutputManifest) {
        do {
            if FileManager.default.fileExists(atPath: staging.path) { try FileManager.default.removeItem(at: staging) }
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
            try owned.record(staging.path)
            let copy = StagingFolder(root: staging.path)
            let livePath = livePath
            _ = try ParallelWork.map(Array(manifest.files.keys)) { path throws(OutputFileError) in
                guard try copy.link(livePath + "/" + path, to: SitePath(path)) else {
                    throw OutputFileError(path: path, message: "cannot link the file into the twin")
                }
            }
            try manifest.write(describing: staging.path, to: otherSlot)
        } catch {
            try? FileManager.default.removeItem(at: staging)
        }
    }

    private static func contents(of source: String) throws(OutputFileError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: source) else {
            throw OutputFileError(path: source, message: "cannot read the file to copy")
        }
        return Array(data)
    }
}
