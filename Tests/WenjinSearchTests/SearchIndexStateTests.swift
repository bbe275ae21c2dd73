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
        #expect(stored.records.indices.map { stored.document($0) } == ranked)
        #expect(stored.records.map(\.key) == ranked.map { SearchSource(of: $0).key })
        #expect(decoded.textBytes == SearchIndex.textBytes(ranked))
        #expect(!decoded.foundDamagedRecord)
    }

    /// Where the records end and the skeleton (header and table) starts.
    static func skeletonStart(_ bytes: [UInt8]) -> Int {
        Int(SearchStateCoding.littleEndianWord(bytes[(bytes.count - 16)..<(bytes.count - 8)]))
    }

    @Test("a state's records are not read when it is decoded: their bytes blanked, it still decodes, and each record is refused when read")
    func recordsReadWhenAsked() throws {
        let bytes = Self.state().encoded()
        let start = SearchStateCoding.versionOffset + 1
        var blanked = bytes
        for position in start..<Self.skeletonStart(bytes) { blanked[position] = 0 }
        let decoded = try SearchIndexState(decoding: blanked)
        let stored = try #require(decoded.storedDocuments())
        #expect(stored.records.count == Self.documents.count)
        #expect(stored.records.indices.allSatisfy { stored.document($0) == nil })
        #expect(decoded.foundDamagedRecord)
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

    @Test("a changed byte anywhere in a state is refused: in its skeleton when it is decoded, in a record when that record is read")
    func damaged() {
        let bytes = Self.state().encoded()
        let original = try? SearchIndexState(decoding: bytes).storedDocuments()
        let skeleton = Self.skeletonStart(bytes)
        var accepted: [Int] = []
        for position in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 500)) {
            var damaged = bytes
            damaged[position] ^= 0x20
            guard let state = try? SearchIndexState(decoding: damaged), let stored = state.storedDocuments() else { continue }
            // Decoded: the byte is a record's, which alone is refused, and said to be damaged.
            let refused = stored.records.indices.filter { stored.document($0) == nil }
            let kept = stored.records.indices.filter { stored.document($0) != nil }
            if position >= skeleton || refused.count != 1 || !state.foundDamagedRecord
                || kept.contains(where: { stored.document($0) != original?.document($0) }) {
                accepted.append(position)
            }
        }
        #expect(accepted.isEmpty)
    }

    @Test("an older format (version 3, read whole and sealed whole) is refused as another version, not as damaged")
    func olderFormat() throws {
        var older = Self.state().encoded()
        older[SearchStateCoding.versionOffset] = 3
        let error = try #require(throws: SearchStateError.self) { try SearchIndexState(decoding: older) }
        #expect(error.isOtherVersion && error.problem == "version 3 is not 4")
        var damaged = Self.state().encoded()
        damaged[damaged.count - 9] ^= 1
        let other = try #require(throws: SearchStateError.self) { try SearchIndexState(decoding: damaged) }
        #expect(!other.isOtherVersion)
    }

    @Test("another version, bytes after the end or no state at all are refused")
    func foreign() {
        let bytes = Self.state().encoded()
        var otherVersion = bytes
        otherVersion[SearchStateCoding.versionOffset] = SearchStateCoding.version + 1
        #expect(throws: SearchStateError.self) { try SearchIndexState(decoding: otherVersion) }
        #expect((try? SearchIndexState(decoding: bytes)) != nil)
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
        #expect(stored.records.indices.map { stored.document($0)?.text } == second.map(\.text))
        #expect(read.encoded() == patched.state.encoded())
    }
}
