import Foundation
import Testing
import WenjinModel
@testable import WenjinSite
@testable import WenjinStore

/// A rebuild that walks a few pages publishes the last build's page-inputs record again as it
/// is (a hard link) with a journal of what it changed (`PageInputsJournal`); whatever state the
/// journal is in, a build must make what a full build makes.
@Suite("Page inputs journal")
struct PageInputsJournalTests {
    /// The state files of `site`'s outputs named `name`'s sidecar `sidecar` (one per slot that has one).
    private static func files(_ site: FixtureSite, output name: String = "_site", sidecar: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: site.storeFolder.path)
            .filter { $0.hasPrefix("output-\(name).") && $0.hasSuffix(".manifest." + sidecar) }
            .map { site.storeFolder.appendingPathComponent($0) }
    }

    private static func inode(_ file: URL) throws -> UInt64 {
        try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? UInt64)
    }

    private static func retitle(_ site: FixtureSite, question id: QuestionID, _ title: String) throws {
        try site.store.write { writer in
            var question = try #require(try writer.reader.question(id))
            question.title = title
            try writer.upsert(question)
        }
    }

    private static func expectEqualsFullBuild(_ site: FixtureSite, name: String) throws {
        let (summary, files) = try site.buildAfresh(named: name)
        #expect(summary.pagesFingerprinted == summary.pages)
        #expect(FixtureSite.differing(files, try site.outputFiles()).isEmpty)
    }

    @Test("Rebuilds in a row keep the last record's file as it is, add a journal, walk only what changed and equal full builds")
    func rebuildsInARowJournal() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let first = try site.build()
        let records = try Self.files(site, sidecar: PageInputsState.sidecar)
        #expect(records.count == 1)
        let written = try Self.inode(try #require(records.first))
        for (round, title) in ["图书馆周日几点开门？", "图书馆周六几点开门？", "食堂几点开门？"].enumerated() {
            try Self.retitle(site, question: QuestionID(100 + round % 2), title)
            let rebuild = try site.build()
            #expect(rebuild.pagesFingerprinted > 2 && rebuild.pagesFingerprinted < first.pages)
            // Both slots name the one file the first build wrote: nothing of it was written again.
            let now = try Self.files(site, sidecar: PageInputsState.sidecar)
            #expect(now.count == 2)
            #expect(try now.map(Self.inode) == [written, written], "round \(round): \(rebuild.pagesFingerprinted) of \(rebuild.pages) walked")
            try Self.expectEqualsFullBuild(site, name: "full-\(round)")
        }
        // Nothing changed since: only the pages walked on every build (search, 404).
        #expect(try site.build().pagesFingerprinted == 2)
    }

    @Test("A question taken down and retitled, then put back, shows its new title over a carried record, and equals a full build")
    func pageBackAfterChangeIsWalked() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let takedowns = site.root.appendingPathComponent("takedowns.json")
        try Data(#"{ "questions": [101] }"#.utf8).write(to: takedowns)
        try Self.retitle(site, question: 101, "食堂几点开门？")
        _ = try site.build()
        try Data("{}".utf8).write(to: takedowns)
        _ = try site.build()
        #expect(try Self.files(site, sidecar: PageInputsState.sidecar).map(Self.inode).count == 2)
        let page = try String(contentsOf: site.output.appendingPathComponent(SiteLayout.question(101).text), encoding: .utf8)
        #expect(page.contains("食堂几点开门？"))
        try Self.expectEqualsFullBuild(site, name: "full")
    }

    @Test("A journal damaged, cut short or missing walks every page, says so once, and equals a full build",
          arguments: StateFileDamage.all.map(\.name))
    func damagedJournalFallsBack(damage name: String) throws {
        let damage = try #require(StateFileDamage.all.first { $0.name == name }?.damage)
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        try Self.retitle(site, question: 100, "图书馆周日几点开门？")
        _ = try site.build()
        for file in try Self.files(site, sidecar: PageInputsJournal.sidecar) { try damage(file) }
        try Self.retitle(site, question: 101, "食堂几点开门？")
        let notes = NoteKeepingProgress()
        let rebuild = try site.build(progress: notes)
        #expect(rebuild.pagesFingerprinted == rebuild.pages)
        #expect(notes.lines.withLock { $0 } == ["no readable page inputs from the last build: fingerprinting every page"])
        try Self.expectEqualsFullBuild(site, name: "full")
        // Record and journal are whole again.
        #expect(try site.build().pagesFingerprinted == 2)
    }

    @Test("A journal of another output's record, listed as this output's, is not laid over its record: every page is walked")
    func journalOfAnotherRecord() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        _ = try site.buildAfresh(named: "other")
        // The other output's journal, with its manifest's line for it, put in place of this output's.
        func listing(_ manifest: URL) throws -> (lines: [String], journal: Int?) {
            let lines = try String(contentsOf: manifest, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return (lines, lines.firstIndex { $0.hasPrefix("sidecar ") && $0.hasSuffix(" " + PageInputsJournal.sidecar) })
        }
        let otherJournal = try #require(try Self.files(site, output: "other", sidecar: PageInputsJournal.sidecar).first)
        let otherManifest = otherJournal.deletingPathExtension()
        let otherLine = try #require(try listing(otherManifest).journal.map { try listing(otherManifest).lines[$0] })
        var replaced = 0
        for journal in try Self.files(site, sidecar: PageInputsJournal.sidecar) {
            let manifest = journal.deletingPathExtension()
            var (lines, index) = try listing(manifest)
            guard let index else { continue }
            lines[index] = otherLine
            // The manifest's `end` line digests every byte before it: sealed again, as a build
            // would have, so that only the journal's own tie to its record can refuse it.
            let body = Array(lines.filter { !$0.isEmpty && !$0.hasPrefix("end ") }.map { $0 + "\n" }.joined().utf8)
            let seal = Array("end \(PageFingerprint(value: ByteReader.digest(of: body[...])))\n".utf8)
            try Data(body + seal).write(to: manifest)
            try FileManager.default.removeItem(at: journal)
            try FileManager.default.copyItem(at: otherJournal, to: journal)
            replaced += 1
        }
        #expect(replaced == 1)
        try Self.retitle(site, question: 100, "图书馆周日几点开门？")
        let notes = NoteKeepingProgress()
        let rebuild = try site.build(progress: notes)
        #expect(rebuild.pagesFingerprinted == rebuild.pages)
        #expect(notes.lines.withLock { $0 } == ["no readable page inputs from the last build: fingerprinting every page"])
        try Self.expectEqualsFullBuild(site, name: "full")
    }
}
