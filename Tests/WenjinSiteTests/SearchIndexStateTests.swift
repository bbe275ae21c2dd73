import Foundation
import Testing
@testable import WenjinSite

@Suite("Search index state in its binary form")
struct SearchIndexStateTests {
    static func state() -> SearchIndexState {
        var corpus = SearchCorpus(seed: 23)
        let documents = corpus.documents(questions: 12)
        return SearchIndex.write(documents: documents, layout: SearchIndexUpdateTests.layout, previous: nil,
                                 previousFile: { _ in nil }) { _ in }.state
    }

    @Test("a state decodes to the same state")
    func roundTrip() throws {
        let state = Self.state()
        let decoded = try SearchIndexState(decoding: state.encoded())
        #expect(decoded == state)
        #expect(decoded.records.count == state.records.count)
        #expect(decoded.shards == state.shards && decoded.documentFiles == state.documentFiles)
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
        otherVersion["wenjin-search-state".utf8.count] = 2
        #expect(throws: SiteError.self) { try SearchIndexState(decoding: otherVersion) }
        #expect(throws: SiteError.self) { try SearchIndexState(decoding: bytes + [0]) }
        #expect(throws: SiteError.self) { try SearchIndexState(decoding: []) }
        #expect(throws: SiteError.self) { try SearchIndexState(decoding: Array("wenjin-search-state".utf8)) }
    }
}
