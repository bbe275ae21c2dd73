import Foundation
import Testing
@testable import WenjinSearch

@Suite("Search index state in its binary form")
struct SearchIndexStateTests {
    static var documents: [SearchDocument] {
        var corpus = SearchCorpus(seed: 23)
        return corpus.documents(questions: 12)
    }

    static func state() -> SearchIndexState {
        let documents = Self.documents
        return SearchIndex.write(documents: documents, layout: SearchIndexUpdateTests.layout, previous: nil,
                                 previousFile: { _ in nil }) { _ in }.state
    }

    @Test("a state decodes to the same state, its documents in ranking order")
    func roundTrip() throws {
        let state = Self.state()
        let decoded = try SearchIndexState(decoding: state.encoded())
        #expect(decoded == state)
        #expect(decoded.shards == state.shards && decoded.documentFiles == state.documentFiles && decoded.manifest == state.manifest)
        let stored = try #require(decoded.storedDocuments())
        let ranked = Self.documents.sorted(by: SearchIndex.ranksBefore)
        #expect(stored.records.map { stored.string($0.url) } == ranked.map(\.url))
        #expect(stored.records.map { stored.string($0.text) } == ranked.map(\.text))
        #expect(stored.records.map(\.weight) == ranked.map(\.weight))
        #expect(stored.records.map(\.indexesTitle) == ranked.map(\.indexesTitle))
    }

    @Test("every truncation of a state is refused")
    func truncated() {
        let bytes = Self.state().encoded()
        var accepted: [Int] = []
        for length in 0..<bytes.count where (try? SearchIndexState(decoding: Array(bytes[..<length]))) != nil {
            accepted.append(length)
        }
        #expect(accepted.isEmpty)
    }

    @Test("a changed byte anywhere in a state is refused")
    func damaged() {
        let bytes = Self.state().encoded()
        var accepted: [Int] = []
        for position in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 500)) {
            var damaged = bytes
            damaged[position] ^= 0x20
            if (try? SearchIndexState(decoding: damaged)) != nil { accepted.append(position) }
        }
        #expect(accepted.isEmpty)
    }

    @Test("another version, bytes after the end or no state at all are refused")
    func foreign() {
        let bytes = Self.state().encoded()
        var otherVersion = bytes
        otherVersion[SearchStateCoding.versionOffset] = SearchStateCoding.version + 1
        #expect(throws: SearchStateError.self) { try SearchIndexState(decoding: otherVersion) }
        #expect(throws: SearchStateError.self) { try SearchIndexState(decoding: bytes + [0]) }
        #expect(throws: SearchStateError.self) { try SearchIndexState(decoding: []) }
        #expect(throws: SearchStateError.self) { try SearchIndexState(decoding: Array("wenjin-search-state".utf8)) }
    }

    /// Documents whose texts add up to several of the writer's chunks.
    static func largeDocuments(changing changed: Int? = nil) -> [SearchDocument] {
        (0..<60).map { number in
            let words = (0..<9_000).map { "w\(($0 * 7 + number) % 997)" }.joined(separator: " ")
            return SearchDocument(title: "document \(number)", text: number == changed ? words + " changed" : words,
                                  url: "questions/\(number).html", kind: .question, weight: 60 - number)
        }
    }

    /// What `write(into:)` hands on: its chunks.
    static func chunks(of state: SearchIndexState) -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        state.write { chunks.append(Array($0)) }
        return chunks
    }

    @Test("a large state, written whole or patched, is handed on in chunks no larger than the writer's and reads back as written")
    func handedOnInChunks() throws {
        let first = Self.largeDocuments()
        var files: [String: Data] = [:]
        let full = SearchIndex.write(sources: first.map(SearchSource.init(of:)), make: { first[$0] }, layout: SearchIndexUpdateTests.layout,
                                     previous: nil, previousFile: { _ in nil }) { output in
            if case .file(let file) = output { files[file.path.text] = Data(file.contents) }
        }
        let fullChunks = Self.chunks(of: full.state)
        #expect(fullChunks.count > 2)
        #expect(fullChunks.allSatisfy { $0.count <= SearchStateWriter.chunk })
        let previous = try SearchIndexState(decoding: fullChunks.flatMap { $0 })
        #expect(Self.chunks(of: previous).allSatisfy { $0.count <= SearchStateWriter.chunk })
        #expect(Self.chunks(of: previous).flatMap { $0 } == previous.encoded())

        // Document 5 changed: its record written anew, the others copied from the previous state's bytes.
        let second = Self.largeDocuments(changing: 5)
        let patched = SearchIndex.write(sources: second.map(SearchSource.init(of:)), make: { second[$0] },
                                        layout: SearchIndexUpdateTests.layout, previous: previous, previousFile: { files[$0.text] }) { _ in }
        #expect(patched.patched)
        let patchedChunks = Self.chunks(of: patched.state)
        #expect(patchedChunks.count > 2)
        #expect(patchedChunks.allSatisfy { $0.count <= SearchStateWriter.chunk })
        let read = try SearchIndexState(decoding: patchedChunks.flatMap { $0 })
        let stored = try #require(read.storedDocuments())
        #expect(stored.records.map { stored.string($0.text) } == second.map(\.text))
        #expect(read.encoded() == patched.state.encoded())
    }
}
