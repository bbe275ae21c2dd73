import Foundation
import Glibc
import Testing
import WenjinBuildSupport
@testable import WenjinSearch

@Suite("Search index state read from its file")
struct SearchStateFileTests {
    /// A folder of its own for the test's state files, removed afterwards.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-search-state-\(UUID().uuidString)")
        init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }

        func file(_ name: String, holding bytes: [UInt8]) throws -> ReadableFile {
            let path = url.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return try #require(ReadableFile(path: path))
        }
    }

    @Test("a state read from its file, a record at a time, patches the index after random edits as the state read whole does")
    func patchesAsFromBytes() throws {
        let folder = try Folder()
        var corpus = SearchCorpus(seed: 41)
        var documents = corpus.documents(questions: 60)
        var current = try SearchIndexUpdateTests.write(documents, after: nil)
        for round in 0..<6 {
            corpus.edit(&documents, count: 1 + round % 3)
            let bytes = current.state.encoded()
            let fromFile = try SearchIndexState(decoding: try folder.file("state-\(round)", holding: bytes))
            #expect(fromFile == (try SearchIndexState(decoding: bytes)), "round \(round)")
            var fileOutputs: [SearchIndexOutput] = []
            let edited = documents
            let patched = SearchIndex.write(
                sources: edited.map(SearchSource.init(of:)), make: { edited[$0] }, layout: SearchIndexUpdateTests.layout,
                previous: fromFile, previousFile: { current.folder.files[$0] }) { fileOutputs.append($0) }
            let updated = try SearchIndexUpdateTests.write(documents, after: current)
            #expect(patched.patched, "round \(round)")
            #expect(SearchOutputFolder(after: current.folder, fileOutputs).files == updated.folder.files, "round \(round)")
            #expect(patched.state.encoded() == updated.state.encoded(), "round \(round)")
            current = updated
        }
    }

    @Test("a state file cut short or changed anywhere is refused: when it is decoded, or, in a record, when that record is read")
    func damagedFile() throws {
        let folder = try Folder()
        let bytes = SearchIndexStateTests.state().encoded()
        let skeleton = SearchIndexStateTests.skeletonStart(bytes)
        var accepted: [String] = []
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 200)) {
            let file = try folder.file("short", holding: Array(bytes[..<length]))
            if (try? SearchIndexState(decoding: file)) != nil { accepted.append("length \(length)") }
        }
        for position in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 200)) {
            var damaged = bytes
            damaged[position] ^= 0x20
            guard let state = try? SearchIndexState(decoding: try folder.file("damaged", holding: damaged)),
                  let stored = state.storedDocuments() else { continue }
            if position >= skeleton || stored.records.indices.allSatisfy({ stored.document($0) != nil }) || !state.foundDamagedRecord {
                accepted.append("byte \(position)")
            }
        }
        #expect(accepted.isEmpty)
    }

    @Test("a damaged record of the previous state makes the write whole, as a full write makes it, and says so through the state")
    func damagedRecordWritesWhole() throws {
        let folder = try Folder()
        var corpus = SearchCorpus(seed: 47)
        var documents = corpus.documents(questions: 40)
        let first = try SearchIndexUpdateTests.write(documents, after: nil)
        var bytes = first.state.encoded()
        let stored = try #require(try SearchIndexState(decoding: bytes).storedDocuments())
        // Document 3's record damaged in its last byte (its text), then that document edited.
        let record = stored.records[3].bytes
        bytes[record.upperBound - 1] ^= 0x01
        let previous = try SearchIndexState(decoding: try folder.file("state", holding: bytes))
        #expect(!previous.foundDamagedRecord)
        let url = try #require(stored.document(3)).url
        let edited = try #require(documents.firstIndex { $0.url == url })
        documents[edited].text += " 新增的一句话"
        var outputs: [SearchIndexOutput] = []
        let changed = documents
        let written = SearchIndex.write(
            sources: changed.map(SearchSource.init(of:)), make: { changed[$0] }, layout: SearchIndexUpdateTests.layout,
            previous: previous, previousFile: { first.folder.files[$0] }) { outputs.append($0) }
        let full = try SearchIndexUpdateTests.write(documents, after: nil)
        #expect(!written.patched)
        #expect(previous.foundDamagedRecord)
        #expect(SearchOutputFolder(after: first.folder, outputs).files == full.folder.files)
        #expect(written.state == full.state)
    }

    @Test("a state file cut short after it was read makes the next write the whole index, as a full write makes it")
    func cutAfterReading() throws {
        let folder = try Folder()
        var corpus = SearchCorpus(seed: 43)
        var documents = corpus.documents(questions: 40)
        let first = try SearchIndexUpdateTests.write(documents, after: nil)
        let file = try folder.file("state", holding: first.state.encoded())
        let previous = try SearchIndexState(decoding: file)
        let stored = try #require(previous.storedDocuments())
        // An answer (its title is not indexed) followed by others in its document file, given a
        // word no document has; the file is cut just after its record, so what the update reads
        // of it is whole, and only its neighbours' texts (for their document file) cannot be read.
        let perFile = SearchIndexUpdateTests.layout.documentsPerFile
        let number = try #require(stored.records.indices.first {
            stored.document($0)?.indexesTitle == false && ($0 + 1) % perFile != 0 && $0 + 1 < stored.records.count
        })
        let url = try #require(stored.document(number)).url
        let answer = try #require(documents.firstIndex { $0.url == url })
        documents[answer].text = "zzqxunique"
        #expect(truncate(file.path, off_t(stored.records[number].bytes.upperBound)) == 0)
        var outputs: [SearchIndexOutput] = []
        let edited = documents
        let written = SearchIndex.write(
            sources: edited.map(SearchSource.init(of:)), make: { edited[$0] }, layout: SearchIndexUpdateTests.layout,
            previous: previous, previousFile: { first.folder.files[$0] }) { outputs.append($0) }
        let full = try SearchIndexUpdateTests.write(documents, after: nil)
        #expect(!written.patched)
        #expect(SearchOutputFolder(after: first.folder, outputs).files == full.folder.files)
        #expect(written.state == full.state)
    }
}
