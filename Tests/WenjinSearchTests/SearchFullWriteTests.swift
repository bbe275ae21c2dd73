import Foundation
import Testing
import WenjinBuildSupport
@testable import WenjinSearch

@Suite("Search index written whole, its lists spilled by group of terms")
struct SearchFullWriteTests {
    static func write(_ documents: [SearchDocument], groups: Int = SearchPostings.defaultGroups, scratch: String? = nil,
                      layout: SearchIndex.Layout = SearchIndexUpdateTests.layout) -> (files: [GeneratedFile], state: SearchIndexState) {
        var files: [GeneratedFile] = []
        let state = SearchIndex.writeFull(documents: documents, layout: layout, groups: groups, scratch: scratch) { output in
            if case .file(let file) = output { files.append(file) }
        }.state
        return (files.sorted { $0.path < $1.path }, state)
    }

    /// The shard files as a reader of the format expects them, counted directly: every term of
    /// every document (numbered by weight), its documents ascending, title bit set where it is in the title.
    static func expectedShards(_ documents: [SearchDocument], shardCount: Int, layout: SearchIndex.Layout) -> [GeneratedFile] {
        let numbered = documents.sorted(by: SearchIndex.ranksBefore)
        var lists: [String: [UInt32]] = [:]
        for (number, document) in numbered.enumerated() {
            var flags: [String: UInt32] = [:]
            if document.indexesTitle { SearchTokenizer.forEachTerm(in: document.title) { flags[$0] = 1 } }
            SearchTokenizer.forEachTerm(in: document.text) { if flags[$0] == nil { flags[$0] = 0 } }
            for (term, flag) in flags { lists[term, default: []].append(UInt32(number) << 1 | flag) }
        }
        let digits = SearchShardKey.digits(forShardCount: shardCount)
        return (0..<shardCount).map { shard in
            let entries = lists.filter { SearchShardKey(term: $0.key, shardCount: shardCount).number == shard }
                .map { (term: $0.key, postings: $0.value) }
                .sorted { $0.term.utf8.lexicographicallyPrecedes($1.term.utf8) }
            let name = SearchShardKey(number: shard).name(digits: digits)
            return GeneratedFile(path: SearchShardFile.path(name: name, layout: layout),
                                 contents: Data(SearchShardFile.render(name: name, entries: entries)))
        }
    }

    @Test("every shard lists each of its terms' documents in order, whether a shard takes part of a group of terms or several groups",
          arguments: [1, 2, 8, 64, 512])
    func shardsMatchADirectCount(groups: Int) {
        var corpus = SearchCorpus(seed: 29)
        let documents = corpus.documents(questions: 120)
        let written = Self.write(documents, groups: groups)
        let layout = SearchIndexUpdateTests.layout
        #expect(written.state.shardCount >= 16)
        let shards = written.files.filter { $0.path.text.hasPrefix("\(layout.folder)/shard-") }
        #expect(shards == Self.expectedShards(documents, shardCount: written.state.shardCount, layout: layout)
            .sorted { $0.path < $1.path })
        #expect(written == Self.write(documents, groups: 64))
    }

    @Test("a full write leaves nothing in its scratch folder, and a scratch folder that cannot be written changes no file")
    func scratchFolder() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-search-scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var corpus = SearchCorpus(seed: 37)
        let documents = corpus.documents(questions: 80)
        let written = Self.write(documents, scratch: scratch.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
        let missing = scratch.appendingPathComponent("no such folder").path
        #expect(Self.write(documents, scratch: missing) == written)
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
