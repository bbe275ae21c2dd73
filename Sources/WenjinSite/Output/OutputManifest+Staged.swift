import WenjinBuildSupport

/// The manifest of a staging folder once a build is done with it (`StagedOutput.publish`,
/// `discard`), made from what the build did (`StagingProgress`) in proportion to what changed:
/// the new manifest names the live manifest's table (which both slots then share) with a
/// journal of the files that differ from it, and the table is written anew only when that
/// journal grows past `tableFloor` files and a sixteenth of the table.
extension OutputManifest {
    /// What publishing the staging folder needs: the files of the twin this build did not
    /// produce (to remove first), and the folder's manifest once they are gone.
    static func published(twin: OutputManifest, live: OutputManifest, progress: StagingProgress,
                          tableFloor: Int) -> (manifest: OutputManifest, stale: [String]) {
        let produced = progress.produced
        let notKept = twin.table.map { progress.notKept(of: $0.count) } ?? []
        var stale = Set<String>()
        if let table = twin.table {
            // A record the twin's journal overrides is that journal entry's file, seen below.
            for index in notKept where twin.journal.index(forKey: table.path(at: index)) == nil {
                let path = table.path(at: index)
                if produced[path] == nil { stale.insert(path) }
            }
        }
        for (path, fingerprint) in twin.journal where fingerprint != nil && produced[path] == nil { stale.insert(path) }

        let base = live.table
        var journal: [String: PageFingerprint?] = [:]
        var files: [String: PageFingerprint]?
        if twin.table?.seal == base?.seal {
            // The twin's kept records are the base's own: only what the build did not keep differs.
            if let base {
                for index in notKept where produced[base.path(at: index)] == nil { journal[base.path(at: index)] = .some(nil) }
            }
            for (path, fingerprint) in produced where base?.fingerprint(of: path) != fingerprint { journal[path] = fingerprint }
        } else {
            // The twin on another table than the live folder (the build after a new table, or a
            // twin started afresh): every file compared, once, so the two slots share a table again.
            let all = Self.files(twin: twin, progress: progress)
            for (path, fingerprint) in all where base?.fingerprint(of: path) != fingerprint { journal[path] = fingerprint }
            if let base {
                for index in 0..<base.count where all[base.path(at: index)] == nil { journal[base.path(at: index)] = .some(nil) }
            }
            files = all
        }
        let manifest = compacted(table: base, journal: journal, tableFloor: tableFloor) {
            files ?? Self.files(twin: twin, progress: progress)
        }
        return (manifest, Array(stale))
    }

    /// The staging folder's manifest after a failed build, which leaves the files it made there:
    /// the twin's, with what the build produced, and without the names it emptied.
    static func discarded(twin: OutputManifest, progress: StagingProgress, tableFloor: Int) -> OutputManifest {
        // A name emptied and not filled again is gone (`StagedOutput.discard` removed it), even
        // when its twin table record is kept (a write to it may have failed half-way).
        let emptied = progress.touched.filter { progress.produced[$0] == nil }
        var journal = twin.journal
        for path in emptied { journal[path] = .some(nil) }
        for (path, fingerprint) in progress.produced { journal[path] = fingerprint }
        return compacted(table: twin.table, journal: journal, tableFloor: tableFloor) {
            var files = twin.files
            for path in emptied { files[path] = nil }
            return files.merging(progress.produced) { $1 }
        }
    }

    /// Every file the staging folder holds: the twin table's records the build kept, and what
    /// it produced otherwise.
    static func files(twin: OutputManifest, progress: StagingProgress) -> [String: PageFingerprint] {
        var files = progress.produced
        if let table = twin.table {
            files.reserveCapacity(files.count + table.count)
            for index in 0..<table.count where progress.keeps(index) { files[table.path(at: index)] = table.fingerprint(at: index) }
        }
        return files
    }

    /// `table` with `journal`, or, past the journal's limit, a new table of `files()`.
    private static func compacted(table: ManifestTable?, journal: [String: PageFingerprint?], tableFloor: Int,
                                  files: () -> [String: PageFingerprint]) -> OutputManifest {
        guard journal.count > tableFloor + (table?.count ?? 0) / 16 else { return OutputManifest(table: table, journal: journal) }
        return OutputManifest(table: ManifestTable(files: files().map { ($0.key, $0.value) }))
    }
}
