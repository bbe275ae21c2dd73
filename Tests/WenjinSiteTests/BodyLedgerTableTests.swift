import Foundation
import Testing
import WenjinModel
@testable import WenjinSite

/// The ledger file's table of records is searched as it lies: every body written must be found
/// again, with its digest and texts, whatever gaps its kind's numbers leave.
@Suite("Body ledger table")
struct BodyLedgerTableTests {
    private func entry(_ number: Int) -> BodyLedger.Entry {
        BodyLedger.Entry(rawDigest: UInt64(number), contentHash: CacheKeyHash(words: (1, 2, 3, UInt64(number))), htmlDigest: 7,
                         links: number.isMultiple(of: 3) ? [RecordedLink(kind: "question", id: number, answerID: nil, token: nil,
                                                                          localPath: "../questions/\(number).html")] : [],
                         text: "正文 \(number)")
    }

    @Test("Every body written is found again by key, with its digest and texts, and no other key is")
    func everyKeyIsFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Questions dense, answers with gaps, articles none but one far away.
        let keys: [BodyKey] = (1...40).map { .question(QuestionID($0)) } + [2, 3, 5, 8, 13, 21, 34, 55, 89, 144].map { .answer(AnswerID($0)) }
            + [.article(ArticleID(1_000_000))]
        var ledger = BodyLedger(policyVersion: 1, hostsIdentity: "hosts", linkTargets: 9)
        for key in keys.reversed() { ledger.put(entry(key.number), for: key) }
        ledger.save(in: folder)
        let read = try #require(BodyLedger.load(from: folder))
        #expect(read.count == keys.count)
        #expect(read.keysAndDigests().map(\.key) == keys)
        for key in keys {
            #expect(read.contains(key))
            #expect(read.digest(key) == entry(key.number).digest)
            #expect(read[key]?.text == "正文 \(key.number)")
            #expect(read[key]?.links == entry(key.number).links)
        }
        let absent: [BodyKey] = [.question(0), .question(41), .answer(1), .answer(4), .answer(145), .article(1), .article(999_999)]
        for key in absent { #expect(!read.contains(key) && read.digest(key) == nil && read[key] == nil, "\(key)") }
    }

    @Test("Entries put and removed over a table read from its file are what a ledger written whole holds")
    func patchesOverTheTable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var ledger = BodyLedger(policyVersion: 1, hostsIdentity: "hosts", linkTargets: 9)
        for number in 1...10 { ledger.put(entry(number), for: .answer(AnswerID(number))) }
        ledger.save(in: folder)
        var read = try #require(BodyLedger.load(from: folder))
        read.remove(.answer(4))
        read.put(entry(40), for: .answer(5))
        read.put(entry(11), for: .answer(11))
        read.put(entry(0), for: .question(0))
        #expect(read.count == 11)
        #expect(!read.contains(.answer(4)) && read[.answer(5)]?.text == "正文 40")
        read.save(in: folder)
        let again = try #require(BodyLedger.load(from: folder))
        #expect(again.keysAndDigests().map(\.key) == [.question(0)] + [1, 2, 3, 5, 6, 7, 8, 9, 10, 11].map { .answer(AnswerID($0)) })
        #expect(again[.answer(5)]?.text == "正文 40" && again[.question(0)]?.text == "正文 0")
        #expect(again.encoded() == read.encoded())
    }

    @Test("Asking for every entry of a large ledger, past the point where its texts are read whole, gives each entry's own texts")
    func everyEntryOfALargeLedger() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-table-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var ledger = BodyLedger(policyVersion: 1, hostsIdentity: "hosts", linkTargets: 9)
        let numbers = Array(1...10_000)
        for number in numbers { ledger.put(entry(number), for: .answer(AnswerID(number))) }
        ledger.save(in: folder)
        let read = try #require(BodyLedger.load(from: folder))
        let texts = numbers.map { read[.answer(AnswerID($0))]?.text }
        #expect(texts == numbers.map { "正文 \($0)" })
        #expect(numbers.allSatisfy { read[.answer(AnswerID($0))]?.links == entry($0).links })
    }
}
