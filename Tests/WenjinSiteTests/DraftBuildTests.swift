import Foundation
import Testing
import WenjinDrafts
@testable import WenjinSite

/// `wenjin build --drafts` on the fixture site, with the drafts helper's committed draft.db
/// (two question drafts with an image, two answer drafts to questions not in the store, one
/// corrupt row) plus an answer draft written here to a stored question.
@Suite("Drafts in the build")
struct DraftBuildTests {
    static let draftFixture = FixtureSite.packageRoot.appendingPathComponent("Tests/WenjinDraftsTests/Fixtures/draft.db")
    /// Text only drafts hold: none of it may reach a published build.
    static let draftTexts = ["图书馆几点关门", "期末周图书馆开到几点", "Hello 问津", "我觉得是晚上十点", "红色的第二段",
                             "草稿答案：周末九点开门", "草稿", "drafts/"]

    /// The fixture site with a copy of the draft fixture and one more answer draft, to question 100.
    static func siteWithDrafts() throws -> (FixtureSite, DraftCollection) {
        let site = try FixtureSite()
        let file = site.root.appendingPathComponent("draft.db")
        try FileManager.default.copyItem(at: draftFixture, to: file)
        let database = DraftDatabase(configured: file)
        try database.add(AnswerDraft(time: DraftTime(seconds: 1_700_000_300), questionID: 100,
                                     body: DraftBody(text: "草稿答案：周末九点开门。\n\n<script>alert(1)</script> & 第二段")))
        return (site, try database.load())
    }

    func page(_ site: FixtureSite, _ path: String) throws -> String {
        try String(contentsOf: site.output.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("Question drafts get their own page, marked unpublished and noindex, with their image written")
    func questionDraftPage() throws {
        let (site, drafts) = try Self.siteWithDrafts()
        defer { site.remove() }
        _ = try SiteBuilder(config: site.config, store: site.store).build(into: site.output, drafts: drafts)
        let html = try page(site, "drafts/q1.html")
        #expect(html.contains("草稿 · 未发布"))
        #expect(html.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(html.contains("图书馆几点关门？"))
        #expect(html.contains("期末周图书馆开到几点？</p>"))
        let image = try #require(html.firstMatch(of: /src="\.\.\/(drafts\/images\/[0-9a-f]{64}\.png)"/))
        let bytes = try Data(contentsOf: site.output.appendingPathComponent(String(image.output.1)))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(html.contains("谢谢😀"))
        let home = try page(site, "index.html")
        #expect(home.contains("<a class=\"nav-link wj-nav-drafts\" href=\"drafts/index.html\">草稿</a>"), "every page links the drafts index")
    }

    @Test("An answer draft shows inside its question's page, escaped, and stays out of search, sitemap and feeds")
    func answerDraftInsideQuestion() throws {
        let (site, drafts) = try Self.siteWithDrafts()
        defer { site.remove() }
        _ = try SiteBuilder(config: site.config, store: site.store).build(into: site.output, drafts: drafts)
        let html = try page(site, "questions/100.html")
        #expect(html.contains("id=\"draft-a3\""))
        #expect(html.contains("草稿答案：周末九点开门。</p>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; 第二段"))
        #expect(html.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(html.contains("早上八点"), "the published answers are still there")
        let published = try page(site, "questions/101.html")
        #expect(!published.contains("noindex"))
        for file in ["sitemap.xml", "feed.xml"] {
            #expect(!(try page(site, file)).contains("drafts/"))
        }
        let searchFiles = try FileManager.default.subpathsOfDirectory(atPath: site.output.appendingPathComponent("search").path)
        for file in searchFiles {
            let text = try page(site, "search/" + file)
            #expect(!text.contains("周末九点") && !text.contains("期末周"), "search file \(file)")
        }
    }

    @Test("An answer draft to a question not in the store gets a page linking to the original")
    func orphanAnswerDraftPage() throws {
        let (site, drafts) = try Self.siteWithDrafts()
        defer { site.remove() }
        _ = try SiteBuilder(config: site.config, store: site.store).build(into: site.output, drafts: drafts)
        let html = try page(site, "drafts/a1.html")
        #expect(html.contains("我觉得是晚上十点。"))
        #expect(html.contains("href=\"\(FixtureSite.source)/?/question/3521\""))
        #expect(html.contains("草稿 · 未发布"))
    }

    @Test("The corrupt draft row is listed in the drafts index with its reason while the others render")
    func corruptRowInIndex() throws {
        let (site, drafts) = try Self.siteWithDrafts()
        defer { site.remove() }
        _ = try SiteBuilder(config: site.config, store: site.store).build(into: site.output, drafts: drafts)
        let index = try page(site, "drafts/index.html")
        #expect(index.contains(/<li class="list-group-item list-group-item-danger">q2 · <time[^>]*>[^<]*<\/time>: detail: [^<]+<\/li>/))
        #expect(index.contains("href=\"../drafts/q1.html\"") && index.contains("href=\"../drafts/q3.html\""))
        #expect(index.contains("href=\"../questions/100.html#draft-a3\"") && index.contains("href=\"../drafts/a2.html\""))
        for path in ["drafts/q1.html", "drafts/q3.html", "drafts/a1.html", "drafts/a2.html"] {
            #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent(path).path), "\(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("drafts/q2.html").path))
    }

    @Test("A build without drafts holds no trace of any draft, even over a drafts build in the same folder")
    func noTraceWithoutDrafts() throws {
        let (site, drafts) = try Self.siteWithDrafts()
        defer { site.remove() }
        let builder = SiteBuilder(config: site.config, store: site.store)
        _ = try builder.build(into: site.output, drafts: drafts)
        #expect(try site.outputFiles().values.contains { String(decoding: $0, as: UTF8.self).contains("期末周图书馆") })
        _ = try builder.build(into: site.output)
        let files = try site.outputFiles()
        #expect(files.count > 20)
        #expect(!files.keys.contains { $0.hasPrefix("drafts") })
        for (path, data) in files {
            let text = String(decoding: data, as: UTF8.self)
            for needle in Self.draftTexts {
                #expect(!text.contains(needle), "\(path) contains \(needle)")
            }
        }
    }
}
