import Foundation
import Synchronization
import Testing
import WenjinBuildSupport
@testable import WenjinSearch

@Suite("Search index updates from the previous state")
struct SearchIndexUpdateTests {
    /// Small files, so a corpus of a few hundred documents has many shards and document files.
    static var layout: SearchIndex.Layout {
        var layout = SearchIndex.Layout()
        layout.documentsPerFile = 16
        layout.targetShardBytes = 1024
        return layout
    }

    struct Written {
        var folder: SearchOutputFolder
        var report: SearchIndexReport
        var state: SearchIndexState
    }

    /// A write from `previous` (nil: a full write), its state passed through its binary form.
    static func write(_ documents: [SearchDocument], after previous: Written?,
                      previousFile: ((SitePath) -> Data?)? = nil) throws -> Written {
        var outputs: [SearchIndexOutput] = []
        let state = try previous.map { try SearchIndexState(decoding: $0.state.encoded()) }
        let (report, next) = SearchIndex.write(
            documents: documents, layout: layout, previous: state,
            previousFile: previousFile ?? { previous?.folder.files[$0] }) { outputs.append($0) }
        return Written(folder: SearchOutputFolder(after: previous?.folder ?? SearchOutputFolder(), outputs), report: report, state: next)
    }

    @Test("after random edits of titles, texts, title flags and kinds, an update writes only the files that differ and leaves the index byte-identical to a full write")
    func randomEdits() throws {
        var corpus = SearchCorpus(seed: 7)
        var documents = corpus.documents(questions: 150)
        var current = try Self.write(documents, after: nil)
        #expect(current.report.shards >= 16)
        for round in 0..<16 {
            corpus.edit(&documents, count: 1 + round % 4)
            let updated = try Self.write(documents, after: current)
            let full = try Self.write(documents, after: nil)
            #expect(updated.folder.missing.isEmpty)
            #expect(updated.folder.files == full.folder.files, "round \(round)")
            #expect(updated.report == full.report, "round \(round)")
            #expect(updated.state == full.state, "round \(round)")
            // Exactly the files whose bytes differ from the previous output are written.
            let differing = full.folder.files.filter { current.folder.files[$0.key] != $0.value }.count
            #expect(updated.folder.written == differing, "round \(round)")
            #expect(updated.folder.unchanged > 0, "round \(round)")
            current = updated
        }
    }

    @Test("an update makes only the documents whose source digest moved, and its files equal a full write")
    func makesOnlyChangedDocuments() throws {
        var corpus = SearchCorpus(seed: 43)
        var documents = corpus.documents(questions: 80)
        let first = try Self.write(documents, after: nil)
        for index in [3, 40] { documents[index].text = corpus.sentence(length: 30) }
        let sources = documents.map(SearchSource.init(of:))
        let made = Mutex<[Int]>([])
        let snapshot = documents
        var outputs: [SearchIndexOutput] = []
        let (_, state, patched) = SearchIndex.write(
            sources: sources, make: { position in made.withLock { $0.append(position) }; return snapshot[position] },
            layout: Self.layout, previous: try SearchIndexState(decoding: first.state.encoded()),
            previousFile: { first.folder.files[$0] }) { outputs.append($0) }
        #expect(patched)
        #expect(made.withLock { $0.sorted() } == [3, 40])
        let full = try Self.write(documents, after: nil)
        #expect(SearchOutputFolder(after: first.folder, outputs).files == full.folder.files)
        #expect(state == full.state)
    }

    @Test("weights that change without passing a neighbour patch the index, others write it whole, both as a full write would")
    func weightChanges() throws {
        var corpus = SearchCorpus(seed: 37)
        var documents = corpus.documents(questions: 80)
        // Weights ten apart: a small change keeps a document between its neighbours, a jump does not.
        for index in documents.indices { documents[index].weight = index * 10 }
        var current = try Self.write(documents, after: nil)
        var (patched, whole) = (0, 0)
        for round in 0..<24 {
            documents[round * 7 % documents.count].weight += round % 4 == 3 ? 1_000 : round % 2 == 0 ? 2 : -3
            let updated = try Self.write(documents, after: current)
            let full = try Self.write(documents, after: nil)
            #expect(updated.folder.files == full.folder.files, "round \(round)")
            #expect(updated.state == full.state, "round \(round)")
            if updated.folder.unchanged > 0 { patched += 1 } else { whole += 1 }
            current = updated
        }
        #expect(patched == 18 && whole == 6)
    }

    @Test("documents handed over in another order still update, and the state follows the new order")
    func callerOrder() throws {
        var corpus = SearchCorpus(seed: 11)
        var documents = corpus.documents(questions: 60)
        let first = try Self.write(documents, after: nil)
        documents.reverse()
        documents[3].text += "新的句子"
        let updated = try Self.write(documents, after: first)
        let full = try Self.write(documents, after: nil)
        #expect(updated.folder.unchanged > 0)
        #expect(updated.folder.files == full.folder.files)
        #expect(updated.state == full.state)
    }

    @Test("the same documents again write nothing and keep the state")
    func nothingChanged() throws {
        var corpus = SearchCorpus(seed: 3)
        let documents = corpus.documents(questions: 40)
        let first = try Self.write(documents, after: nil)
        let second = try Self.write(documents, after: first)
        #expect(second.folder.written == 0)
        #expect(second.folder.files == first.folder.files)
        #expect(second.state == first.state)
        #expect(second.report == first.report)
    }

    @Test("an empty index has a state, and no documents again change nothing")
    func empty() throws {
        let first = try Self.write([], after: nil)
        let second = try Self.write([], after: first)
        #expect(first.report.documents == 0 && first.report.shards == 1)
        #expect(second.folder.written == 0 && second.folder.files == first.folder.files)
    }

    @Test("a text changed past its snippet rewrites shards but not its document file")
    func snippetUnchanged() throws {
        var corpus = SearchCorpus(seed: 5)
        var documents = corpus.documents(questions: 40)
        documents[0].text = String(repeating: "长", count: Self.layout.snippetLength) + "图书馆"
        let first = try Self.write(documents, after: nil)
        documents[0].text += "选课系统"
        var outputs: [SearchIndexOutput] = []
        _ = SearchIndex.write(documents: documents, layout: Self.layout, previous: first.state,
                              previousFile: { first.folder.files[$0] }) { outputs.append($0) }
        let written = outputs.compactMap { if case .file(let file) = $0 { file.path.text } else { nil } }
        #expect(!written.isEmpty)
        #expect(written.allSatisfy { $0.hasPrefix("search/shard-") })
    }

    @Test("a weight change that reorders the documents writes the whole index")
    func reorderFallsBack() throws {
        var corpus = SearchCorpus(seed: 13)
        var documents = corpus.documents(questions: 50)
        let first = try Self.write(documents, after: nil)
        let last = try #require(documents.indices.min { SearchIndex.ranksBefore(documents[$1], documents[$0]) })
        documents[last].weight = 1_000
        let updated = try Self.write(documents, after: first)
        let full = try Self.write(documents, after: nil)
        #expect(updated.folder.unchanged == 0)
        #expect(updated.folder.files == full.folder.files)
        #expect(updated.state == full.state)
    }

    @Test("a damaged, missing or foreign shard makes a full write, never a wrong index")
    func damagedShardFallsBack() throws {
        var corpus = SearchCorpus(seed: 17)
        var documents = corpus.documents(questions: 50)
        let first = try Self.write(documents, after: nil)
        documents[0].text = "完全不同的文字 python"
        let full = try Self.write(documents, after: nil)
        let damages: [(Data) -> Data?] = [
            { _ in nil },
            { Data($0.dropLast(3)) },
            { data in var bytes = [UInt8](data); bytes[bytes.count / 2] ^= 0x01; return Data(bytes) },
            { _ in Data("wenjinSearch.addShard(\"00\",{});\n".utf8) },
        ]
        for (index, damage) in damages.enumerated() {
            let updated = try Self.write(documents, after: first) { path in
                first.folder.files[path].flatMap { path.text.contains("shard-") ? damage($0) : $0 }
            }
            #expect(updated.folder.unchanged == 0, "damage \(index)")
            #expect(updated.folder.files == full.folder.files, "damage \(index)")
        }
    }

    @Test("a different layout writes the whole index")
    func layoutChangeFallsBack() throws {
        var corpus = SearchCorpus(seed: 19)
        let documents = corpus.documents(questions: 30)
        let first = try Self.write(documents, after: nil)
        var layout = Self.layout
        layout.snippetLength = 10
        var outputs: [SearchIndexOutput] = []
        _ = SearchIndex.write(documents: documents, layout: layout, previous: first.state,
                              previousFile: { first.folder.files[$0] }) { outputs.append($0) }
        #expect(outputs.allSatisfy { if case .file = $0 { true } else { false } })
    }
}
