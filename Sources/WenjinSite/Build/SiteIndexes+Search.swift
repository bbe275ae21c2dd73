import Foundation
import WenjinBuildSupport
import WenjinSearch

/// The search index's half of `SiteIndexes`: the last build's state read back, then the index
/// patched from it or written whole.
extension SiteIndexes {
    /// The last build's search state and basis, as published with the live output, and what to
    /// tell the user about them.
    struct PreviousSearch: Sendable {
        var state: SearchIndexState?
        var basis: SearchBasis?
        var notes: [String] = []
    }

    /// The state published with the live output when it was made by this program for this site
    /// (its seed); its file is left where it is: only its table of documents is read, and a
    /// changed document's record read back.
    func previousSearch(in staged: any BuildOutput) -> PreviousSearch {
        var previous = PreviousSearch()
        // Published together, so a seed without its state and journal means they were lost.
        guard staged.liveSidecar(Self.searchSeedSidecar) == Array(inputs.seed.description.utf8) else { return previous }
        if let file = staged.liveSidecarFile(Self.searchStateSidecar), let journal = staged.liveSidecar(Self.searchJournalSidecar) {
            do {
                previous.state = try SearchIndexState(decoding: file, journal: journal)
            } catch where error.isOtherVersion {
                previous.notes.append("the search index state of the last build is of another format (\(error.problem)): writing the whole index")
            } catch {
                previous.notes.append("the search index state of the last build is unreadable (\(error.problem)): writing the whole index")
            }
        } else {
            previous.notes.append("no readable search index state from the last build: writing the whole index")
        }
        previous.basis = staged.liveSidecar(Self.searchBasisSidecar).flatMap(SearchBasis.init(sidecar:))
        return previous
    }

    /// The search index, patched from the live output's when its state is there (`previous`),
    /// from the documents of the rows written since when its basis allows (`SiteSearchChanges`),
    /// else from every document's source; else written whole. A patch publishes the previous
    /// state's file again as it is, with a journal of what changed (returned, to publish as a
    /// sidecar); else the new state is staged a chunk at a time, copying unchanged records from
    /// the previous state's file, which is never held whole.
    func writeSearch(previous search: PreviousSearch, into staged: any BuildOutput, live: URL, basis: SearchBasis?,
                     progress: any BuildProgress, count: (StagedOutput.Outcome) -> Void) throws -> (SearchIndexReport, journal: [UInt8]) {
        let previous = search.state
        var changes: SiteSearchChanges?
        if previous != nil, let basis {
            if let published = search.basis {
                changes = SiteSearchChanges(archive: archive, bodies: bodies, basis: published, now: basis)
            } else {
                progress.note("no readable search basis from the last build: digesting every search document")
            }
        }
        struct MissingLiveFile: Error {}
        let report: SearchIndexReport
        let state: SearchIndexState
        do {
            (report, state) = try write(previous: previous, changes: changes, live: live, into: staged, count: count)
        } catch is MissingLiveFile {
            progress.note("a search file of the last build is missing: writing the whole index")
            (report, state) = try write(previous: nil, changes: nil, live: live, into: staged, count: count)
        }
        // A record is checked against its seal only when a patch reads it: one that fails made the write whole.
        if previous?.foundDamagedRecord == true {
            progress.note("a record of the last build's search index state is damaged: writing the whole index")
        }
        // A document withdrawn since (a takedown, a deletion upstream) has its old text in the
        // previous state's file: the state is then written whole, not carried with a journal.
        let withheld = SiteSearchDocuments.withheldKeys(archive.content.withdrawals)
        if let journal = state.journal(withheld: withheld.contains), staged.carrySidecar(Self.searchStateSidecar) {
            return (report, journal)
        }
        var written: SearchIndexState.Written?
        try staged.stageSidecar(Self.searchStateSidecar) { writer in written = state.write { writer.append(bytes: $0) } }
        // An output that keeps no state (`StreamedOutput`) wrote none: it has no journal either.
        return (report, written.map(state.journal(over:)) ?? [])

        /// From the change set when there is one and it patches; else from every document's source.
        func write(previous: SearchIndexState?, changes: SiteSearchChanges?, live: URL, into staged: any BuildOutput,
                   count: (StagedOutput.Outcome) -> Void) throws -> (SearchIndexReport, SearchIndexState) {
            let previousFile = { (path: SitePath) in FileManager.default.contents(atPath: live.appendingPathComponent(path.text).path) }
            // Only a patch hands on unchanged files, each the live output's: carried under one
            // lock once the patch is written (a patch at 100,000 questions keeps 6,000 files).
            var unchanged: [(path: SitePath, fingerprint: PageFingerprint)] = []
            let emit = { (output: SearchIndexOutput) throws in
                switch output {
                case .file(let file):
                    count(try staged.write(Array(file.contents), to: SitePath(file.path.text)))
                case .unchanged(let path):
                    let path = SitePath(path.text)
                    guard let fingerprint = staged.liveFingerprint(path) else { throw MissingLiveFile() }
                    unchanged.append((path, fingerprint))
                }
            }
            func carryUnchanged() throws {
                guard try staged.carryOver(unchanged).allSatisfy({ $0 }) else { throw MissingLiveFile() }
                unchanged.forEach { _ in count(.unchanged) }
            }
            if let previous, let changes,
               let written = try SearchIndex.write(changed: changes.sources, count: changes.count, make: changes.document,
                                                   previous: previous, previousFile: previousFile, to: emit) {
                try carryUnchanged()
                return written
            }
            let documents = SiteSearchDocuments(content: archive.content, bodies: bodies)
            let written = try SearchIndex.write(sources: documents.sources, make: documents.document, previous: previous,
                                                previousFile: previousFile, to: emit)
            try carryUnchanged()
            return (written.report, written.state)
        }
    }
}
