import Foundation
import Testing
import WenjinBuildSupport
@testable import WenjinSite

/// The last build's record of page inputs (`PageInputsState`) is read as it lies: a page's
/// record is found by its place in the plan (the records lie in the last plan's order), not
/// through a table of every page, and must be found whatever pages came, went or moved since.
@Suite("Page inputs record looked up by place")
struct PageInputsRecordTests {
    private static func code(_ subject: UInt64) -> PageRecords.PageCode {
        PageRecords.PageCode(subject: subject, page: 1)
    }

    /// A record of `subjects`' pages, in that order, each with a fingerprint and keys of its own,
    /// read back with a journal that records `journaled`'s pages anew (fingerprints `subject * 100`)
    /// and names `removed`'s gone.
    private static func record(_ subjects: [UInt64], journaled: [UInt64] = [], removed: [UInt64] = []) throws -> PageInputsState {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-page-inputs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let (file, journal) = (folder.appendingPathComponent("page-inputs"), folder.appendingPathComponent("page-inputs-journal"))
        func pages(_ subjects: [UInt64], fingerprint: UInt64) -> [(code: PageRecords.PageCode, fingerprint: PageFingerprint, keys: PageRecords.Words)] {
            subjects.map { (code: code($0), fingerprint: PageFingerprint(value: $0 * fingerprint), keys: PageRecords.Words([$0, $0 + 1])) }
        }
        let seed = PageFingerprint(value: 7)
        var writer = try SidecarWriter(file: file)
        PageInputsState.write(identity: 5, seed: seed, values: InputValues(keys: [1, 2], values: [3, 4]), pages: pages(subjects, fingerprint: 10),
                              pageCount: subjects.count, to: &writer)
        _ = try writer.finish()
        var journalWriter = try SidecarWriter(file: journal)
        PageInputsJournal.write(record: 5, seed: seed, changed: InputValues(keys: [], values: []), removedKeys: [],
                                removedPages: removed.map(code), pages: pages(journaled, fingerprint: 100), pageCount: journaled.count,
                                to: &journalWriter)
        _ = try journalWriter.finish()
        let (recordWords, journalWords) = (try #require(StateFile.mapWords(file)), try #require(StateFile.mapWords(journal)))
        return try #require(PageInputsState(decoding: recordWords, journal: journalWords))
    }

    /// What the record says of each page of `plan` (nil: no record): its fingerprint's value and first key.
    private static func found(_ plan: [UInt64?], in state: PageInputsState) -> [[UInt64]?] {
        state.places(of: plan.map { $0.map(code) }).map { place in
            place.map { let record = state.record(at: $0); return [record.fingerprint.value, record.keys[record.keys.startIndex]] }
        }
    }

    @Test("The same plan finds every page's own record, pages never recorded (nil) finding none")
    func samePlan() throws {
        let state = try Self.record([1, 2, 3, 4])
        #expect(Self.found([nil, 1, 2, nil, 3, 4], in: state) == [nil, [10, 1], [20, 2], nil, [30, 3], [40, 4]])
    }

    @Test("A page that came or went shifts the plan, and every page after it still finds its own record")
    func shiftedPlan() throws {
        let state = try Self.record([1, 2, 3, 4, 5])
        // 9 is new, 2 went: the pages after each find theirs at the shifted place.
        #expect(Self.found([1, 9, 2, 3, 4, 5], in: state) == [[10, 1], nil, [20, 2], [30, 3], [40, 4], [50, 5]])
        #expect(Self.found([1, 3, 4, 5], in: state) == [[10, 1], [30, 3], [40, 4], [50, 5]])
        #expect(Self.found([1, 9, 3, 4, 5, 6], in: state) == [[10, 1], nil, [30, 3], [40, 4], [50, 5], nil])
    }

    @Test("A page the journal records anew is found there, and a page it names gone is found nowhere")
    func journalLaidOverRecord() throws {
        let state = try Self.record([1, 2, 3, 4], journaled: [3, 9], removed: [2])
        #expect(Self.found([1, 2, 3, 4, 9], in: state) == [[10, 1], nil, [300, 3], [40, 4], [900, 9]])
    }

    @Test("The values a journal holds, laid over the record's, give back the values it was made from")
    func journalValuesRoundTrip() {
        let recorded = InputValues(keys: [1, 3, 5, 7, 9], values: [10, 30, 50, 70, 90])
        let now = InputValues(keys: [0, 3, 5, 8, 9, 12], values: [1, 31, 50, 80, 90, 120])
        let (changed, removed) = now.differences(from: recorded)
        #expect(changed.keys == [0, 3, 8, 12] && changed.values == [1, 31, 80, 120])
        #expect(removed == [1, 7])
        let overlaid = Array(InputValues.Overlaid(recorded, changed: changed, removed: removed))
        #expect(overlaid.map(\.key) == now.keys && overlaid.map(\.value) == now.values)
        #expect(now.changed(since: InputValues.Overlaid(recorded, changed: changed, removed: removed)).isEmpty)
        #expect(now.changed(since: InputValues.Overlaid(recorded, changed: InputValues(keys: [], values: []), removed: [])) == [0, 1, 3, 7, 8, 12])
    }

    @Test("Pages in another order each find their own record")
    func reorderedPlan() throws {
        let state = try Self.record([1, 2, 3, 4, 5])
        #expect(Self.found([5, 4, 3, 2, 1], in: state) == [[50, 5], [40, 4], [30, 3], [20, 2], [10, 1]])
        #expect(Self.found([2, 1, 3, 5, 4, 7], in: state) == [[20, 2], [10, 1], [30, 3], [50, 5], [40, 4], nil])
    }
}
