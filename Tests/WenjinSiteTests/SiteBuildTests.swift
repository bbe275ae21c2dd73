import Foundation
import Testing
import WenjinConfig
import WenjinLinkCheck
import WenjinStore
@testable import WenjinSite

@Suite("Site build")
struct SiteBuildTests {
    @Test("A fixture store builds every page kind")
    func buildsEveryPageKind() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let summary = try site.build()
        let files = try site.outputFiles()
        for path in ["index.html", "unanswered.html", "articles.html", "topics.html", "users.html", "search.html",
                     "404.html", "about.html", "questions/100.html", "questions/101.html", "questions/102.html",
                     "articles/7.html", "users/1.html", "users/2.html", "topics/10.html", "topics/11.html",
                     "assets/css/site.css", "images/\(FixtureSite.imageSHA).png"] {
            #expect(files[path] != nil, "missing \(path)")
        }
        #expect(summary.pagesWritten == summary.pages)
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("assets/vendor/bootstrap.min.css").path))
    }

    @Test("Every internal link and image of the built fixture resolves (the checker of wenjin check)")
    func linksResolve() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let report = try LinkChecker(root: site.output).check()
        #expect(report.pages >= 16)
        #expect(report.problems.map(\.description) == [])
    }

    @Test("An empty store builds the fixed pages and empty lists")
    func emptyStoreBuilds() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-empty-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let config = try FixtureSite.linkingRepositoryThemes(into: root)
        let store = try Store.open(at: root.appendingPathComponent(".wenjin/cache.sqlite"))
        let summary = try SiteBuilder(config: config, store: store).build(into: root.appendingPathComponent("_site"))
        #expect(summary.pages == 8)
        let home = try String(contentsOf: root.appendingPathComponent("_site/index.html"), encoding: .utf8)
        #expect(home.contains("这里还没有内容。"))
    }
}
