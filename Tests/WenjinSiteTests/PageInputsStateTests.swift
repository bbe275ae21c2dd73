import Foundation
import Testing
import WenjinModel
@testable import WenjinSite
@testable import WenjinStore

/// A rebuild walks the inputs only of the pages whose inputs changed value since the last
/// build (`PlanFingerprints`, with the last build's record published beside its output,
/// `PageInputsState`); whatever the record's state, it must make what a full build makes.
@Suite("Page inputs kept between builds")
struct PageInputsStateTests {
    /// A build of the same store into a new folder, with no state of an earlier build.
    private func fullBuild(_ site: FixtureSite, name: String) throws -> [String: Data] {
        let (summary, files) = try site.buildAfresh(named: name)
        #expect(summary.pagesFingerprinted == summary.pages)
        return files
    }

    /// The record files the builds left in the store's folder (one per output slot).
    private func records(_ site: FixtureSite) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: site.storeFolder.path)
            .filter { $0.hasSuffix("." + PageInputsState.sidecar) }
            .map { site.storeFolder.appendingPathComponent($0) }
    }

    @Test("A rebuild after one user's edit walks only the pages that show them, and equals a full build")
    func oneEditWalksOnlyItsPages() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let first = try site.build()
        #expect(first.pagesFingerprinted == first.pages)
        let unchanged = try site.build()
        // Search and the 404 page are walked on every build; nothing else changed.
        #expect(unchanged.pagesFingerprinted == 2)
        #expect(unchanged.pagesWritten == 0)

        try site.store.write { writer in
            var user = try #require(try writer.reader.user(2))
            user.signature = "新的签名"
            try writer.upsert(user)
        }
        let rebuild = try site.build()
        // Their pages, and the lists and threads that name them; not the topics, the about page…
        #expect(rebuild.pagesFingerprinted > 2 && rebuild.pagesFingerprinted < rebuild.pages)
        #expect(rebuild.pagesWritten > 0)
        #expect(FixtureSite.differing(try fullBuild(site, name: "full"), try site.outputFiles()).isEmpty)
        let page = try String(contentsOf: site.output.appendingPathComponent(SiteLayout.user(2).text), encoding: .utf8)
        #expect(page.contains("新的签名"))
    }

    @Test("A damaged record of the last build's page inputs makes the build walk every page, say so, and equal a full build")
    func damagedRecordFallsBack() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let files = try records(site)
        #expect(!files.isEmpty)
        for file in files {
            var bytes = try Data(contentsOf: file)
            bytes[bytes.count / 2] ^= 0xFF
            try bytes.write(to: file)
        }
        try site.store.write { writer in
            var question = try #require(try writer.reader.question(100))
            question.title = "图书馆周日几点开门？"
            try writer.upsert(question)
        }
        let notes = NoteKeepingProgress()
        let rebuild = try site.build(progress: notes)
        #expect(rebuild.pagesFingerprinted == rebuild.pages)
        #expect(notes.lines.withLock { $0 } == ["no readable page inputs from the last build: fingerprinting every page"])
        #expect(FixtureSite.differing(try fullBuild(site, name: "full"), try site.outputFiles()).isEmpty)
        // The record is whole again: the next build walks only the pages always walked.
        #expect(try site.build().pagesFingerprinted == 2)
    }

    @Test("A new site title or theme walks and rewrites every page, says why, and equals a full build")
    func settingsAndThemeWalkEveryPage() throws {
        var site = try FixtureSite()
        defer { site.remove() }
        let first = try site.build()
        site.config.title = "问津 · 新名字"
        let notes = NoteKeepingProgress()
        let retitled = try site.build(progress: notes)
        #expect(retitled.pagesFingerprinted == first.pages && retitled.pagesWritten == first.pages)
        #expect(notes.lines.withLock { $0 } == ["the theme, the site's settings or the program changed: fingerprinting every page"])
        #expect(FixtureSite.differing(try fullBuild(site, name: "full-title"), try site.outputFiles()).isEmpty)

        try site.changeTheme()
        let rethemed = try site.build()
        #expect(rethemed.pagesFingerprinted == first.pages && rethemed.pagesWritten == first.pages)
        #expect(FixtureSite.differing(try fullBuild(site, name: "full-theme"), try site.outputFiles()).isEmpty)
    }

    @Test("A takedown added with no row changed walks the pages that showed the post, and equals a full build")
    func takedownWalksWhatItTouches() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let first = try site.build()
        try Data(#"{ "answers": [1001] }"#.utf8).write(to: site.root.appendingPathComponent("takedowns.json"))
        let rebuild = try site.build()
        #expect(rebuild.pagesFingerprinted > 2 && rebuild.pagesFingerprinted < first.pages)
        #expect(FixtureSite.differing(try fullBuild(site, name: "full"), try site.outputFiles()).isEmpty)
        let page = try String(contentsOf: site.output.appendingPathComponent(SiteLayout.question(100).text), encoding: .utf8)
        #expect(page.contains("此内容已应要求移除"))
    }
}
