import Foundation
import Testing
import WenjinModel
import WenjinStore
@testable import WenjinSite

/// A rebuild that changes a few bodies appends them to the ledger's journal rather than writing
/// every body's text again; the ledger read back must be the one a whole write would have left.
@Suite("Body ledger journal")
struct BodyLedgerJournalTests {
    private func file(_ name: String, _ site: FixtureSite) -> URL { site.storeFolder.appendingPathComponent(name) }

    private func editAnswer(_ id: Int, _ html: String, in site: FixtureSite) throws {
        try site.store.write { writer in
            var answer = try #require(try writer.reader.answer(AnswerID(id)))
            answer.contentHTML = html
            try writer.upsert(answer)
        }
    }

    /// The ledger a build leaves when it has none to start from: every entry written whole.
    private func wholeLedger(_ site: FixtureSite) throws -> [UInt8] {
        try FileManager.default.removeItem(at: file(BodyLedger.fileName, site))
        try? FileManager.default.removeItem(at: file(BodyLedgerJournal.fileName, site))
        _ = try site.build()
        #expect(!FileManager.default.fileExists(atPath: file(BodyLedgerJournal.fileName, site).path))
        return try #require(BodyLedger.load(from: site.storeFolder)).encoded()
    }

    @Test("A rebuild after one body changed appends it to the journal, and the ledger reads back as one written whole")
    func oneChangeIsAppended() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let ledger = try Data(contentsOf: file(BodyLedger.fileName, site))
        try editAnswer(1001, "<p>改成九点了。</p>", in: site)
        _ = try site.build()
        try editAnswer(1000, "<p>匿名回答：九点半。</p>", in: site)
        _ = try site.build()
        #expect(try Data(contentsOf: file(BodyLedger.fileName, site)) == ledger, "the ledger file is not written again")
        #expect(try Data(contentsOf: file(BodyLedgerJournal.fileName, site)).count > 0)
        let read = try #require(BodyLedger.load(from: site.storeFolder))
        #expect(read[.answer(1001)]?.text == "改成九点了。")
        #expect(read.encoded() == (try wholeLedger(site)))
    }

    @Test("A torn journal is read up to its last whole block, and the next save writes the ledger whole")
    func tornJournal() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        try editAnswer(1001, "<p>改成九点了。</p>", in: site)
        _ = try site.build()
        let before = try #require(BodyLedger.load(from: site.storeFolder)).encoded()
        let journal = file(BodyLedgerJournal.fileName, site)
        let handle = try FileHandle(forWritingTo: journal)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3]))
        try handle.close()
        #expect(try #require(BodyLedger.load(from: site.storeFolder)).encoded() == before)
        try editAnswer(1000, "<p>匿名回答：九点半。</p>", in: site)
        _ = try site.build()
        #expect(!FileManager.default.fileExists(atPath: journal.path))
        #expect(try #require(BodyLedger.load(from: site.storeFolder))[.answer(1000)]?.text == "匿名回答：九点半。")
    }

    @Test("A journal beside a ledger written whole since is ignored")
    func journalOfAnotherLedger() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        try editAnswer(1001, "<p>改成九点了。</p>", in: site)
        _ = try site.build()
        let journal = try Data(contentsOf: file(BodyLedgerJournal.fileName, site))
        let whole = try wholeLedger(site)
        try journal.write(to: file(BodyLedgerJournal.fileName, site))
        #expect(try #require(BodyLedger.load(from: site.storeFolder)).encoded() == whole)
    }
}
