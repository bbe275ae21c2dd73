import Foundation
import Testing
import WenjinModel
import WenjinSanitizer
import WenjinStore
@testable import WenjinSite

/// The body ledger lets a build skip hashing and looking up bodies it saw unchanged; whatever
/// state it or the cache is in, pages must show what a build without it would show.
@Suite("Body ledger")
struct BodyLedgerTests {
    private func ledgerFile(_ site: FixtureSite) -> URL { site.storeFolder.appendingPathComponent(BodyLedger.fileName) }

    @Test("The ledger reads back as written, and one whose head is damaged or whose file is cut short is refused")
    func roundTripAndDamage() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let file = ledgerFile(site)
        let bytes = try [UInt8](Data(contentsOf: file))
        let ledger = try #require(BodyLedger(file: file))
        #expect(ledger.count == 4)
        #expect(ledger.encoded() == bytes)
        #expect(ledger[.answer(1000)]?.text == "匿名回答：八点。")
        func read(_ damaged: [UInt8]) throws -> BodyLedger? {
            try Data(damaged).write(to: file)
            return BodyLedger(file: file)
        }
        var flipped = bytes
        flipped[24] ^= 0x20
        #expect(try read(flipped) == nil)
        #expect(try read(Array(bytes.dropLast(9))) == nil)
        #expect(try read([]) == nil)
    }

    @Test("A body whose texts in the ledger are damaged loses only its own entry, and the pages show what a build without the ledger shows")
    func damagedTextLosesOnlyItsEntry() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let expected = try site.outputFiles()
        let file = ledgerFile(site)
        var bytes = try [UInt8](Data(contentsOf: file))
        let keys = try #require(BodyLedger(file: file)).keysAndDigests().map(\.key)
        // The file ends with the last body's texts: a byte of its text flipped.
        bytes[bytes.count - 12] ^= 0x01
        try Data(bytes).write(to: file)
        let damaged = try #require(BodyLedger(file: file))
        #expect(damaged.count == 4 && damaged.contains(keys[3]))
        #expect(damaged[keys[3]] == nil)
        #expect(keys.dropLast().allSatisfy { damaged[$0] != nil })
        try FileManager.default.removeItem(at: site.output)
        _ = try site.build()
        #expect(FixtureSite.differing(expected, try site.outputFiles()) == [])
    }

    @Test("An answer taken down leaves the ledger, and no page or index shows its text again, even when every page is made anew")
    func takenDownAnswerLeavesTheLedger() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        func showing() throws -> [String] {
            try site.outputFiles().filter { String(decoding: $0.value, as: UTF8.self).contains("早上八点") }.keys.sorted()
        }
        #expect(try showing() != [])
        try Data(#"{"answers": [1001]}"#.utf8).write(to: site.root.appendingPathComponent("takedowns.json"))
        _ = try site.build()
        let ledger = try #require(BodyLedger.load(from: site.storeFolder))
        #expect(!ledger.contains(.answer(1001)) && ledger[.answer(1001)] == nil)
        #expect(ledger.count == 3)
        #expect(try showing() == [])
        // Built again from the ledger and its journal, nothing brings it back.
        try FileManager.default.removeItem(at: site.output)
        _ = try site.build()
        #expect(try showing() == [])
    }

    @Test("A cache key kept as four words gives back the sanitizer's hex digest")
    func cacheKeyRoundTrip() throws {
        let hex = Sanitizer.contentHash(of: "<p>天津</p>")
        #expect(try #require(CacheKeyHash(hex: hex)).hex == hex)
        #expect(CacheKeyHash(of: "<p>天津</p>", hosts: CommunityHosts(source: FixtureSite.source)).hex
                == Sanitizer.contentHash(of: CommunityHosts(source: FixtureSite.source).identity + "\u{0}<p>天津</p>"))
        #expect(CacheKeyHash(hex: String(hex.dropLast())) == nil)
        #expect(CacheKeyHash(hex: hex.uppercased()) == nil)
    }

    @Test("A rebuild with the ledger takes every body from it; one with a damaged ledger takes them from the cache")
    func rebuildsUseTheLedgerOrTheCache() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let expected = try site.outputFiles()
        let withLedger = try site.build()
        #expect(withLedger.bodiesCached == 4 && withLedger.bodiesSanitized == 0)
        try Data("not a ledger".utf8).write(to: ledgerFile(site))
        try FileManager.default.removeItem(at: site.output)
        let withoutLedger = try site.build()
        #expect(withoutLedger.bodiesCached == 4 && withoutLedger.bodiesSanitized == 0)
        #expect(try site.outputFiles() == expected)
        #expect(BodyLedger(file: ledgerFile(site)) != nil)
    }

    @Test("HTML in the cache that is not what the ledger recorded is never shown: the body is sanitized again")
    func tamperedCacheRowIsNotShown() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let expected = try site.outputFiles()
        let ledger = try #require(BodyLedger(file: ledgerFile(site)))
        let entry = try #require(ledger[.answer(1000)])
        try site.store.write { writer in
            let key = entry.contentHash.cacheKey(policyVersion: Sanitizer.policyVersion)
            let row = try #require(try writer.reader.sanitized(key))
            try writer.putSanitized(SanitizedCacheEntry(html: "<p>not what the ledger saw</p>", recordJSON: row.recordJSON), for: key)
        }
        // Rendering question 100 again (its page changes nowhere else) loads the answer's HTML.
        try FileManager.default.removeItem(at: site.output)
        _ = try site.build()
        let page = try String(contentsOf: site.output.appendingPathComponent("questions/100.html"), encoding: .utf8)
        #expect(!page.contains("not what the ledger saw"))
        #expect(try site.outputFiles() == expected)
    }

    @Test("A changed body is sanitized again while the others come from the ledger")
    func changedBodyIsSanitizedAgain() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        try site.store.write { writer in
            guard var answer = try writer.reader.answer(1000) else { return }
            answer.contentHTML = "<p>改了：九点。<img src=x onerror=alert(1)></p>"
            try writer.upsert(answer)
        }
        let summary = try site.build()
        #expect(summary.bodiesSanitized == 1 && summary.bodiesCached == 3)
        let page = try String(contentsOf: site.output.appendingPathComponent("questions/100.html"), encoding: .utf8)
        #expect(page.contains("改了：九点。"))
        #expect(!page.contains("onerror"))
    }
}
