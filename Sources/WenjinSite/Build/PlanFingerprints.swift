import WenjinBuildSupport
import WenjinModel

/// The fingerprint of every page of the plan, walking the inputs (`PageInputs`) only of pages
/// the last build did not fingerprint under the same seed or one of whose inputs changed value
/// since (`InputValues`): a rebuild after one edit walks the few dozen pages that show it, not
/// the whole archive (docs/design.md#output). The last build's record comes from
/// the live output (`PageInputsState` and its journal, sidecars of its manifest); without a
/// usable one every page is walked, as a full build does, and the record is made anew.
struct PlanFingerprints {
    /// One per job of the plan, in its order.
    let fingerprints: [PageFingerprint]
    /// Pages whose inputs were walked.
    let walked: Int
    /// Why every page was walked although the output had been built before; nil otherwise.
    let fullWalkNote: String?
    /// What the record for the next build is made from (`write(to:)`, beside the output's
    /// checks): kept pages' keys are views of the last build's record or journal.
    private let seed: PageFingerprint
    private let values: InputValues
    private let codes: [PageRecords.PageCode?]
    private let pages: [PlannedPage]
    /// The last build's record when it served.
    private let previous: PageInputsState?

    private typealias Page = (code: PageRecords.PageCode, fingerprint: PageFingerprint, keys: PageRecords.Words)
    /// A page of the plan: its fingerprint, its keys, and its place in the last record when kept from it.
    private typealias PlannedPage = (PageFingerprint, PageRecords.Words, kept: PageInputsState.Place?)

    /// What the journal over the last record holds (`PageInputsJournal`).
    private struct Journal {
        let record: UInt64
        let changed: InputValues
        let removedKeys: [UInt64]
        let removedPages: [PageRecords.PageCode]
        let pages: [Page]
    }

    /// A journal is written while it holds at most this share of the record's pages and values,
    /// or (a small site's, whose record costs little either way) this many of each.
    private static let largestJournalShare = 4
    private static let smallestJournalLimit = 256

    /// `previous` reads the last build's record and its journal; read and decoded while the values are made.
    init(jobs: [PageJob], renderer: PageRenderer, entities: EntityDigests, seed: PageFingerprint,
         previous bytes: @Sendable () -> (record: MappedWords?, journal: MappedWords?), outputKnown: Bool) {
        let (values, decoded, _) = SideBySide.run({
            InputValues(archive: renderer.archive, entities: entities, bodies: renderer.bodies)
        }, { () -> PageInputsState? in
            let (record, journal) = bytes()
            guard let record, let journal else { return nil }
            return PageInputsState(decoding: record, journal: journal)
        }, {})
        self.values = values
        self.seed = seed
        let previous = decoded?.seed == seed && values.keysAreDistinct ? decoded : nil
        fullWalkNote = previous != nil || !outputKnown ? nil : decoded == nil
            ? "no readable page inputs from the last build: fingerprinting every page"
            : "the theme, the site's settings or the program changed: fingerprinting every page"
        let changed = previous.map { values.changed(since: $0.values) } ?? []
        // Most keys of an unchanged page miss this mask, so few reach the set.
        let mask = changed.reduce(UInt64(0)) { $0 | Self.bit($1) }

        let codes = jobs.map(\.inputsCode)
        let places = previous.map { $0.places(of: codes) } ?? []
        let pages = ParallelWork.map(Array(jobs.indices)) { index -> PlannedPage in
            if let previous, let place = places[index] {
                let record = previous.record(at: place)
                if !record.keys.contains(where: { mask & Self.bit($0) != 0 && changed.contains($0) }) {
                    return (record.fingerprint, record.keys, place)
                }
            }
            let (fingerprint, keys) = renderer.fingerprintAndInputs(of: jobs[index], entities: entities, seed: seed)
            return (fingerprint, PageRecords.Words(keys.lazy.map(\.rawValue)), nil)
        }
        fingerprints = pages.map(\.0)
        walked = pages.reduce(0) { $0 + ($1.kept == nil ? 1 : 0) }
        (self.codes, self.pages, self.previous) = (codes, pages, previous)
    }

    /// What the journal over `previous` would hold; nil when it would pass its share of the record.
    private static func journal(over previous: PageInputsState, values: InputValues, codes: [PageRecords.PageCode?],
                                pages: [PlannedPage]) -> Journal? {
        let (changed, removedKeys) = values.differences(from: previous.recordedValues)
        guard changed.keys.count + removedKeys.count <= max(previous.recordedValues.keys.count / largestJournalShare, smallestJournalLimit)
        else { return nil }
        var stillRecorded = [Bool](repeating: false, count: previous.recordedCount)
        var journaled: [Page] = []
        for (index, code) in codes.enumerated() {
            guard let code else { continue }
            if case .recorded(let place) = pages[index].kept { stillRecorded[place] = true } else { journaled.append((code, pages[index].0, pages[index].1)) }
        }
        guard journaled.count <= max(previous.recordedCount / largestJournalShare, smallestJournalLimit) else { return nil }
        let removedPages = stillRecorded.indices.filter { !stillRecorded[$0] }.map(previous.recordedCode(at:))
        return Journal(record: previous.identity, changed: changed, removedKeys: removedKeys, removedPages: removedPages, pages: journaled)
    }

    /// Publishes the record for the next build with the output: the journal over the last
    /// record, carried as it is, while the journal is small; else the record whole, with an
    /// empty journal (`PageInputsState`, `PageInputsJournal`). Both are worked out here, beside
    /// the output's checks of every page, not before them.
    func write(to staged: StagedOutput) throws(OutputFileError) {
        if let previous, let journal = Self.journal(over: previous, values: values, codes: codes, pages: pages),
           staged.carrySidecar(PageInputsState.sidecar) {
            try staged.stageSidecar(PageInputsJournal.sidecar) { writer in
                PageInputsJournal.write(record: journal.record, seed: seed, changed: journal.changed, removedKeys: journal.removedKeys,
                                        removedPages: journal.removedPages, pages: journal.pages, pageCount: journal.pages.count,
                                        to: &writer)
            }
            return
        }
        let recorded = zip(codes, pages).compactMap { code, page in code.map { ($0, page.0, page.1) } }
        // Any number no other record had: a journal is laid only over the record it was made against.
        let identity = UInt64.random(in: .min ... .max)
        try staged.stageSidecar(PageInputsState.sidecar) { writer in
            PageInputsState.write(identity: identity, seed: seed, values: values, pages: recorded, pageCount: recorded.count, to: &writer)
        }
        try staged.stageSidecar(PageInputsJournal.sidecar) { writer in
            PageInputsJournal.write(record: identity, seed: seed, changed: InputValues(keys: [], values: []), removedKeys: [],
                                    removedPages: [], pages: [Page](), pageCount: 0, to: &writer)
        }
    }

    private static func bit(_ key: UInt64) -> UInt64 { 1 << ((key &* 0x9E37_79B9_7F4A_7C15) >> 58) }
}
