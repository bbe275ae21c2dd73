import Foundation
import Testing
@testable import WenjinSite

/// `SiteBuilder.stream`, what `wenjin export zim` packs: the site a build publishes, made by the
/// same renderer, handed over file by file instead of written to a folder.
@Suite("The site streamed to another output", .timeLimit(.minutes(20)))
struct SiteStreamTests {
    @Test("A stream hands over every file a build publishes, each once and with the same bytes, and writes no output folder")
    func streamMatchesBuild() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let collected = CollectedSite()
        _ = try SiteBuilder(config: site.config, store: site.store).stream(into: collected)
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("._site.previous").path))

        _ = try site.build()
        let built = try FixtureSite.files(under: site.output, withLibraries: true)
        let streamed = collected.all
        #expect(built.count > 10)
        #expect(Set(streamed.keys) == Set(built.keys))
        for (path, data) in built { #expect(streamed[path]?.bytes == Array(data), "\(path)") }
        #expect(streamed.values.allSatisfy { $0.times == 1 })
    }

    @Test("A stream after a build and an edit, leaning on the build's state (row digests, ledger, bodies known empty), hands over what the rebuild publishes")
    func streamAfterBuildMatchesRebuild() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        try site.store.write { writer in
            var question = try #require(try writer.reader.question(102))
            question.title = "匿名提问（改）"
            try writer.upsert(question)
        }
        let collected = CollectedSite()
        let streamed = try SiteBuilder(config: site.config, store: site.store).stream(into: collected)
        #expect(streamed.bodiesLookedUp == 0, "the empty bodies are vouched for, not looked up")
        _ = try site.build()
        let built = try FixtureSite.files(under: site.output, withLibraries: true)
        #expect(Set(collected.all.keys) == Set(built.keys))
        for (path, data) in built { #expect(collected.all[path]?.bytes == Array(data), "\(path)") }
        #expect(String(decoding: built["questions/102.html"] ?? Data(), as: UTF8.self).contains("匿名提问（改）"))
    }

    @Test("Where Public/ and the build make the same file, the stream hands over the one a build publishes")
    func publishedFileWins() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let publicFolder = site.root.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: publicFolder, withIntermediateDirectories: true)
        // A Public/ file replaces a page, and a generated index replaces a Public/ file.
        try Data("<p>站点自己的首页</p>".utf8).write(to: publicFolder.appendingPathComponent("index.html"))
        try Data("User-agent: *\nDisallow: /\n".utf8).write(to: publicFolder.appendingPathComponent("robots.txt"))
        let collected = CollectedSite()
        _ = try SiteBuilder(config: site.config, store: site.store).stream(into: collected)
        _ = try site.build()
        let built = try FixtureSite.files(under: site.output)
        let streamed = collected.all
        for path in ["index.html", "robots.txt"] {
            #expect(streamed[path]?.bytes == built[path].map(Array.init), "\(path)")
            #expect(streamed[path]?.times == 1, "\(path)")
        }
        let home = String(decoding: streamed["index.html"]?.bytes ?? [], as: UTF8.self)
        #expect(home.contains("站点自己的首页"))
    }

    @Test("Question and article pages come with their page text, every other file without")
    func pageTextsComeWithTheirPages() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let collected = CollectedSite()
        _ = try SiteBuilder(config: site.config, store: site.store).stream(into: collected)
        let withText = collected.all.filter { $0.value.text != nil }
        #expect(!withText.isEmpty)
        #expect(withText.allSatisfy { path, file in
            file.text?.path == path && (path.hasPrefix("questions/") || path.hasPrefix("articles/")) && path.hasSuffix(".html")
        })
        let pages = collected.all.keys.filter { ($0.hasPrefix("questions/") || $0.hasPrefix("articles/")) && $0.hasSuffix(".html") }
        #expect(Set(withText.keys) == Set(pages))
    }
}
