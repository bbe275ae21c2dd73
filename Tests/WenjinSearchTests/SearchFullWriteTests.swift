import Foundation
import Testing
import WenjinBuildSupport
@testable import WenjinSearch

@Suite("Search index written in passes")
struct SearchFullWriteTests {
    static func write(_ documents: [SearchDocument], textBytesPerPass: Int) -> (files: [GeneratedFile], state: SearchIndexState) {
        var files: [GeneratedFile] = []
        let state = SearchIndex.writeFull(documents: documents, layout: SearchIndexUpdateTests.layout,
                                          textBytesPerPass: textBytesPerPass) { output in
            if case .file(let file) = output { files.append(file) }
        }.state
        return (files.sorted { $0.path < $1.path }, state)
    }

    @Test("building the lists in passes over groups of shards gives the same files and state as one pass", arguments: [2, 3, 7])
    func passesMatchOnePass(passes: Int) {
        var corpus = SearchCorpus(seed: 29)
        let documents = corpus.documents(questions: 120)
        let text = SearchIndex.textBytes(documents)
        let once = Self.write(documents, textBytesPerPass: .max / 2)
        let inPasses = Self.write(documents, textBytesPerPass: (text + passes - 1) / passes)
        #expect(once.state.shardCount >= 16)
        #expect(inPasses.files == once.files)
        #expect(inPasses.state == once.state)
    }

    @Test("a text that grows past a shard count's estimate writes the whole index with more shards")
    func growthChangesShardCount() throws {
        var corpus = SearchCorpus(seed: 31)
        var documents = corpus.documents(questions: 30)
        let first = try SearchIndexUpdateTests.write(documents, after: nil)
        for index in documents.indices.prefix(8) { documents[index].text += corpus.sentence(length: 2_000) }
        let updated = try SearchIndexUpdateTests.write(documents, after: first)
        let full = try SearchIndexUpdateTests.write(documents, after: nil)
        #expect(updated.report.shards > first.report.shards)
        #expect(updated.folder.unchanged == 0)
        #expect(updated.folder.files == full.folder.files)
    }
}
