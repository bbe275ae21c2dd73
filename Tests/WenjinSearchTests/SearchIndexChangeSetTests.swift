import Foundation
import Testing
import WenjinBuildSupport
@testable import WenjinSearch

/// A patch from the sources of only the documents that may have changed
/// (`SearchIndex.write(changed:count:…)`): what a rebuild uses when it knows the change set.
@Suite("Search index updates from a change set")
struct SearchIndexChangeSetTests {
    /// A patch of `previous` given the sources of `documents` at `indices` only.
    private static func patch(_ documents: [SearchDocument], indices: [Int], count: Int? = nil,
                              after previous: SearchIndexUpdateTests.Written)
        throws -> (folder: SearchOutputFolder, report: SearchIndexReport, state: SearchIndexState)? {
        var outputs: [SearchIndexOutput] = []
        let changed = indices.map { SearchSource(of: documents[$0]) }
        guard let (report, state) = SearchIndex.write(
            changed: changed, count: count ?? documents.count, make: { documents[indices[$0]] }, layout: SearchIndexUpdateTests.layout,
            previous: try SearchIndexState(decoding: previous.state.encoded()), previousFile: { previous.folder.files[$0] },
            to: { outputs.append($0) })
        else {
            #expect(outputs.isEmpty)
            return nil
        }
        return (SearchOutputFolder(after: previous.folder, outputs), report, state)
    }

    @Test("after random edits, a patch given the edited documents and a few others leaves the index and state a full write's")
    func randomEdits() throws {
        var corpus = SearchCorpus(seed: 19)
        var documents = corpus.documents(questions: 120)
        var current = try SearchIndexUpdateTests.write(documents, after: nil)
        for round in 0..<12 {
            var edited = documents
            corpus.edit(&edited, count: 1 + round % 3)
            // The change set may name documents that did not change: the caller's set is a bound.
            var indices = Set(edited.indices.filter { edited[$0] != documents[$0] })
            for _ in 0..<3 { indices.insert(corpus.next(edited.count)) }
            documents = edited
            let patched = try #require(try Self.patch(documents, indices: indices.shuffled(), after: current), "round \(round)")
            let full = try SearchIndexUpdateTests.write(documents, after: nil)
            #expect(patched.folder.missing.isEmpty, "round \(round)")
            #expect(patched.folder.files == full.folder.files, "round \(round)")
            #expect(patched.report == full.report, "round \(round)")
            #expect(patched.state == full.state, "round \(round)")
            current = SearchIndexUpdateTests.Written(folder: patched.folder, report: patched.report, state: patched.state)
        }
    }

    @Test("a change set naming a document the previous index lacks, or another count, patches nothing")
    func refusesWhatItCannotVouchFor() throws {
        var corpus = SearchCorpus(seed: 23)
        var documents = corpus.documents(questions: 40)
        let first = try SearchIndexUpdateTests.write(documents, after: nil)
        documents.append(SearchDocument(title: "新问题", text: "图书馆", url: "questions/new.html", kind: .question, weight: 1))
        #expect(try Self.patch(documents, indices: [documents.count - 1], count: documents.count - 1, after: first) == nil)
        documents.removeLast()
        documents[2].text = "食堂"
        #expect(try Self.patch(documents, indices: [2], count: documents.count + 1, after: first) == nil)
        #expect(try Self.patch(documents, indices: [2, 2], after: first) == nil)
        #expect(try Self.patch(documents, indices: [2], after: first) != nil)
    }
}
