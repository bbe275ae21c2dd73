import Foundation
import Testing
import WenjinConfig
import WenjinStore
import WenjinTemplates
@testable import WenjinSite

/// A failed build names the step that was running when it failed and keeps the error of the
/// layer below (the store's, the template's, the file system's) as its cause.
@Suite("Build step errors")
struct BuildStepErrorTests {
    @Test("A corrupt questions table fails the build in step \"read store\" with SQLite's error as the cause")
    func corruptStoreFailsReadStore() throws {
        let (root, config) = try Self.closedFixture()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.corruptPages(of: root, holding: "图书馆几点开门？")
        let store = try Store.openExisting(at: root.appendingPathComponent(".wenjin/cache.sqlite"))

        let error = #expect(throws: SiteError.self) { try SiteBuilder(config: config, store: store).build(into: root.appendingPathComponent("_site")) }
        #expect(error?.step == .readStore)
        #expect(error?.reason == .store)
        let cause = try #require(error?.underlying as? StoreError)
        #expect(cause.reason == .sqlite(code: 11))  // SQLITE_CORRUPT
    }

    @Test("The sanitized cache corrupt after a build fails the next one in step \"render pages\", not \"write indexes\"")
    func corruptCacheFailsRenderPages() throws {
        let (root, config) = try Self.closedFixture(built: true)
        defer { try? FileManager.default.removeItem(at: root) }
        // Only the sanitizer's output is followed by the closing tag; the raw body has a script there.
        try Self.corruptPages(of: root, holding: "周末也开吗？</p>")
        let store = try Store.openExisting(at: root.appendingPathComponent(".wenjin/cache.sqlite"))

        // A new output folder, so every page is rendered and its body read from the cache.
        let error = #expect(throws: SiteError.self) { try SiteBuilder(config: config, store: store).build(into: root.appendingPathComponent("other")) }
        #expect(error?.step == .renderPages)
        #expect(error?.reason == .store)
        let cause = try #require(error?.underlying as? StoreError)
        #expect(cause.reason == .sqlite(code: 11))
        #expect(cause.path == store.path)
    }

    @Test("A template that fails while rendering fails the build in step \"render pages\" with the template's error as the cause")
    func brokenTemplateFailsRenderPages() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let themes = site.root.appendingPathComponent("Themes")
        try FileManager.default.removeItem(at: themes)
        try FileManager.default.createDirectory(at: themes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: FixtureSite.packageRoot.appendingPathComponent("Themes/default"),
                                         to: themes.appendingPathComponent("default"))
        let question = themes.appendingPathComponent("default/templates/question.mustache")
        // Strict mode refuses a title written unescaped, but only when a page is rendered.
        let text = try String(contentsOf: question, encoding: .utf8)
        let unescaped = text.replacingOccurrences(of: "\">{{title}}", with: "\">{{{title}}}")
        try #require(unescaped != text, "question.mustache no longer writes the title as \">{{title}}\"")
        try unescaped.write(to: question, atomically: true, encoding: .utf8)

        let error = #expect(throws: SiteError.self) { try site.build() }
        #expect(error?.step == .renderPages)
        #expect(error?.reason == .template)
        #expect(error?.file?.hasSuffix("question.mustache") == true)
        let cause = try #require(error?.underlying as? TemplateError)
        #expect(cause.reason == .untrustedUnescapedValue("title"))
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    @Test("A manifest that cannot be written fails the build in step \"publish\" with the file system's error as the cause")
    func unwritableManifestFailsPublish() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        // A folder where each manifest's temporary file goes: nothing can be written there,
        // even by root, and nothing before the publish step writes there.
        for slot in 1...2 {
            try FileManager.default.createDirectory(
                at: site.storeFolder.appendingPathComponent("output-_site.\(slot).manifest.new"), withIntermediateDirectories: true)
        }

        let error = #expect(throws: SiteError.self) { try site.build() }
        #expect(error?.step == .publish)
        #expect(error?.reason == .output)
        #expect(error?.file?.hasSuffix(".manifest") == true)
        #expect(error?.underlying != nil)
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    /// A fixture site's folder and settings with its store closed (so SQLite has folded its
    /// log into the file), built once when `built`.
    private static func closedFixture(built: Bool = false) throws -> (URL, SiteConfig) {
        let site = try FixtureSite()
        if built { _ = try site.build() }
        return (site.root, site.config)
    }

    /// Overwrites every page of the store file that holds `text` with bytes no b-tree page
    /// starts with, as a damaged disk would leave them.
    private static func corruptPages(of root: URL, holding text: String) throws {
        let file = root.appendingPathComponent(".wenjin/cache.sqlite")
        // Closing the last connection folded the log into the file and removed it.
        try #require(!FileManager.default.fileExists(atPath: file.path + "-wal"))
        var bytes = try Data(contentsOf: file)
        let pageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let needle = Data(text.utf8)
        var pages = Set<Int>()
        var from = bytes.startIndex
        while let found = bytes.range(of: needle, in: from..<bytes.endIndex) {
            pages.insert(found.lowerBound / pageSize)
            from = found.upperBound
        }
        try #require(!pages.isEmpty && !pages.contains(0))
        for page in pages {
            bytes.replaceSubrange(page * pageSize..<(page + 1) * pageSize, with: Data(repeating: 0xFF, count: pageSize))
        }
        try bytes.write(to: file)
    }
}
