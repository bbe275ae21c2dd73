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
}
