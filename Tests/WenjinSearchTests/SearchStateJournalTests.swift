import Foundation
import Testing
import WenjinBuildSupport
@testable import WenjinSearch

/// A rebuild keeps the previous state's bytes as they are and publishes a journal of what it
/// changed (`SearchIndexState.journal()`): read back together they must be the state a full
/// write makes, and anything but the journal of those bytes must be refused.
@Suite("Search state journal")
struct SearchStateJournalTests {
    private let layout = SearchIndexUpdateTests.layout

    /// A patch of `documents` from `previous` (bytes and journal), its outputs applied to `folder`.
    private func patch(_ documents: [SearchDocument], base: [UInt8], journal: [UInt8],
                       folder: SearchOutputFolder) throws -> (state: SearchIndexState, folder: SearchOutputFolder, patched: Bool) {
        let previous = try SearchIndexState(decoding: base, journal: journal)
        var outputs: [SearchIndexOutput] = []
        let written = SearchIndex.write(sources: documents.map(SearchSource.init(of:)), make: { documents[$0] }, layout: layout,
                                        previous: previous, previousFile: { folder.files[$0] }) { outputs.append($0) }
        return (written.state, SearchOutputFolder(after: folder, outputs), written.patched)
    }

    @Test("rebuilds that keep the first state's bytes and publish only a journal read back as the state and files a full write makes")
    func journaledRebuilds() throws {
        var corpus = SearchCorpus(seed: 61)
        var documents = corpus.documents(questions: 80)
        let first = try SearchIndexUpdateTests.write(documents, after: nil)
        var base: [UInt8] = []
        let written = first.state.write { base.append(contentsOf: $0) }
        #expect(written == SearchIndexState.Written(count: base.count, checksum: SearchStateCoding.littleEndianWord(Array(base.suffix(8)))))
        var journal = first.state.journal(over: written)
        var folder = first.folder
        for round in 0..<8 {
            corpus.edit(&documents, count: 1 + round % 2)
            let next = try patch(documents, base: base, journal: journal, folder: folder)
            let full = try SearchIndexUpdateTests.write(documents, after: nil)
            #expect(next.patched, "round \(round)")
            #expect(next.folder.files == full.folder.files, "round \(round)")
            // The bytes stay; the journal alone carries the change, and grows by the records it replaces.
            let made = try #require(next.state.journal(), "round \(round)")
            #expect(made.count < base.count, "round \(round)")
            #expect(try SearchIndexState(decoding: base, journal: made) == full.state, "round \(round)")
            journal = made
            folder = next.folder
        }
        // Nothing changed: the same journal again.
        let same = try patch(documents, base: base, journal: journal, folder: folder)
        #expect(same.state.journal() == journal)
    }

    @Test("a journal that would outgrow an eighth of its state is not made: the state is written whole, and reads back as a full write's")
    func largeChangeWritesWhole() throws {
        var corpus = SearchCorpus(seed: 67)
        var documents = corpus.documents(questions: 40)
        let first = try SearchIndexUpdateTests.write(documents, after: nil)
        var base: [UInt8] = []
        let journal = first.state.journal(over: first.state.write { base.append(contentsOf: $0) })
        // Every text lengthened past what an eighth of the state's bytes (at least 64 KiB) could journal.
        for index in documents.indices { documents[index].text += String(repeating: " 北洋园", count: 2000) }
        let next = try patch(documents, base: base, journal: journal, folder: first.folder)
        let full = try SearchIndexUpdateTests.write(documents, after: nil)
        #expect(next.state.journal() == nil)
        var whole: [UInt8] = []
        let written = next.state.write { whole.append(contentsOf: $0) }
        #expect(try SearchIndexState(decoding: whole, journal: next.state.journal(over: written)) == full.state)
        #expect(whole == full.state.encoded())
    }

    @Test("a patch that empties a withheld document makes no journal, so its old text is not published again with the old bytes")
    func withheldDocumentWritesWhole() throws {
        var corpus = SearchCorpus(seed: 73)
        var documents = corpus.documents(questions: 30)
        let first = try SearchIndexUpdateTests.write(documents, after: nil)
        var base: [UInt8] = []
        let journal = first.state.journal(over: first.state.write { base.append(contentsOf: $0) })
        let index = try #require(documents.indices.first { !documents[$0].text.isEmpty })
        let oldText = Array(documents[index].text.utf8)
        let key = SearchSource(of: documents[index]).key
        let withheld = { (candidate: UInt64) in candidate == key }
        documents[index].title = ""
        documents[index].text = ""
        let emptied = try patch(documents, base: base, journal: journal, folder: first.folder)
        #expect(emptied.patched)
        // Any other document would be journaled; this one makes the state be written whole, without its text.
        #expect(emptied.state.journal() != nil)
        #expect(emptied.state.journal(withheld: withheld) == nil)
        var whole: [UInt8] = []
        let written = emptied.state.write { whole.append(contentsOf: $0) }
        #expect(Data(whole).range(of: Data(oldText)) == nil)
        // Once emptied, the document has nothing to leak: an edit elsewhere is journaled again.
        corpus.edit(&documents, count: 1)
        let next = try patch(documents, base: whole, journal: emptied.state.journal(over: written), folder: emptied.folder)
        #expect(next.state.journal(withheld: withheld) != nil)
    }

    @Test("a withheld document whose text an earlier journal emptied makes no journal either: the old bytes beneath still hold its text")
    func withheldAfterJournaledEmptyingWritesWhole() throws {
        var corpus = SearchCorpus(seed: 79)
        var documents = corpus.documents(questions: 30)
        let first = try SearchIndexUpdateTests.write(documents, after: nil)
        var base: [UInt8] = []
        let journal = first.state.journal(over: first.state.write { base.append(contentsOf: $0) })
        let index = try #require(documents.indices.first { !documents[$0].text.isEmpty && !documents[$0].title.isEmpty })
        let key = SearchSource(of: documents[index]).key
        // Emptied upstream first (not withheld): journaled, the old text left in the bytes beneath.
        documents[index].text = ""
        let emptied = try patch(documents, base: base, journal: journal, folder: first.folder)
        let emptiedJournal = try #require(emptied.state.journal(withheld: { _ in false }))
        // Then withheld: its record, already without text, is made again (its title moved).
        documents[index].title += "（已撤下）"
        let withheld = try patch(documents, base: base, journal: emptiedJournal, folder: emptied.folder)
        #expect(withheld.patched)
        #expect(withheld.state.journal() != nil)
        #expect(withheld.state.journal(withheld: { $0 == key }) == nil)
    }

    @Test("a journal of another state, cut short or changed anywhere is refused")
    func refusedJournals() throws {
        var corpus = SearchCorpus(seed: 71)
        var documents = corpus.documents(questions: 30)
        let first = try SearchIndexUpdateTests.write(documents, after: nil)
        var base: [UInt8] = []
        let journal = first.state.journal(over: first.state.write { base.append(contentsOf: $0) })
        corpus.edit(&documents, count: 2)
        let edited = try patch(documents, base: base, journal: journal, folder: first.folder)
        let made = try #require(edited.state.journal())
        #expect((try? SearchIndexState(decoding: base, journal: made)) != nil)

        // Another state's bytes: the same documents written whole anew after the edit.
        #expect(throws: SearchStateError.self) { try SearchIndexState(decoding: edited.state.encoded(), journal: made) }
        var accepted: [String] = []
        for length in 0..<made.count where (try? SearchIndexState(decoding: base, journal: Array(made[..<length]))) != nil {
            accepted.append("length \(length)")
        }
        for position in made.indices {
            var damaged = made
            damaged[position] ^= 0x10
            if (try? SearchIndexState(decoding: base, journal: damaged)) != nil { accepted.append("byte \(position)") }
        }
        #expect(accepted.isEmpty)
    }
}
