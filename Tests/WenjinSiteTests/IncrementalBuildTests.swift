import Foundation
import Testing
import WenjinModel
import WenjinStore
@testable import WenjinSite

/// Rebuilds that skip pages by their fingerprints (`OutputManifest`) must write what a full
/// build of the same store writes.
@Suite("Incremental build")
struct IncrementalBuildTests {
    @Test("An incremental build after changes is byte-identical to a full build of the same store")
    func incrementalEqualsFull() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        try site.store.write { writer in
            guard var question = try writer.reader.question(101), var user = try writer.reader.user(1) else { return }
            question.title = "C++ 和 Rust 选哪个？"
            try writer.upsert(question)
            user.nickName = "李华华"
            try writer.upsert(user)
            try writer.upsert(Topic(id: 10, title: "校园生活", description: "新的描述", focusCount: 6, discussCount: 2))
            try writer.upsert(Answer(id: 1002, questionID: 101, authorID: 1, contentHTML: "<p>都学。见 <a href=\"http://wenjin.in/?/question/100\">这里</a></p>",
                                     addTime: Date(timeIntervalSince1970: 1_430_500_000), agreeCount: 1))
        }
        let incremental = try site.build()
        #expect(incremental.pagesWritten > 0)
        #expect(incremental.pagesUnchanged > 0)
        let fresh = site.root.appendingPathComponent("fresh")
        let full = try FixtureSite.withoutKeptLookups(of: site.store) { try SiteBuilder(config: site.config, store: site.store).build(into: fresh) }
        #expect(full.pagesWritten == full.pages)
        #expect(try site.outputFiles() == FixtureSite.files(under: fresh))
    }

    @Test("A rebuild of an unchanged store renders no page")
    func unchangedRebuildRendersNothing() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let output = try StagedOutput(destination: site.output, stateFolder: site.storeFolder)
        defer { output.discard() }
        let plan = PageJob.plan(for: ArchiveLookup(try ArchiveContent.read(from: site.store, fallbackSource: nil)))
        // Every page of the plan is in the live manifest, so none needs rendering.
        #expect(plan.allSatisfy { output.liveFingerprint($0.path) != nil })
        #expect(try site.build().pagesWritten == 0)
    }

    @Test("A page changed by hand in a copy of the output is restored, since the manifest describes the original folder")
    func copiedOutputIsRebuilt() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let expected = try site.outputFiles()
        let copy = site.root.appendingPathComponent("copy")
        try FileManager.default.copyItem(at: site.output, to: copy)
        try FileManager.default.removeItem(at: site.output)
        try FileManager.default.moveItem(at: copy, to: site.output)
        try Data("edited".utf8).write(to: site.output.appendingPathComponent("questions/100.html"))
        let rebuilt = try site.build()
        // An output folder the manifests do not describe is not trusted: every page is written.
        #expect(rebuilt.pagesWritten == rebuilt.pages)
        #expect(try site.outputFiles() == expected)
    }

    @Test("A changed template renders every page that uses it again")
    func changedThemeRendersAgain() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let first = try site.build()
        try site.changeTheme()
        let second = try site.build()
        #expect(second.pagesWritten == first.pages)
        let home = try String(contentsOf: site.output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(home.contains("<!-- changed -->"))
    }
}
