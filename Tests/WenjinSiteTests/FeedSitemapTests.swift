import Foundation
import FoundationXML
import Testing
import WenjinBuildSupport
@testable import WenjinSite

@Suite("Sitemap")
struct FeedSitemapTests {
    let base = URL(string: "https://archive.example.org/wenjin/")!

    private func entries(_ count: Int) -> [SitemapEntry] {
        (0..<count).map { SitemapEntry(path: String(format: "questions/%06d.html", $0)) }
    }

    private func locations(in file: GeneratedFile) throws -> [String] {
        let document = try XMLDocument(data: file.contents)
        return try document.nodes(forXPath: "//*[local-name()='loc']").compactMap(\.stringValue)
    }

    @Test("up to 50,000 URLs make one sitemap.xml of absolute URLs with RFC 3339 dates")
    func oneFile() throws {
        let files = Sitemap(baseURL: base, entries: entries(50_000)).files
        #expect(files.map(\.path.text) == ["sitemap.xml"])
        let locations = try locations(in: files[0])
        #expect(locations.count == 50_000)
        #expect(locations.first == "https://archive.example.org/wenjin/questions/000000.html")

        let dated = Sitemap(baseURL: base, entries: [SitemapEntry(path: "a b&c.html", lastModified: Date(timeIntervalSince1970: 1_700_000_000))])
        let text = String(decoding: dated.files[0].contents, as: UTF8.self)
        #expect(text.contains("<loc>https://archive.example.org/wenjin/a%20b&amp;c.html</loc><lastmod>2023-11-14T22:13:20Z</lastmod>"))
        _ = try XMLDocument(data: dated.files[0].contents)
    }

    @Test("past 50,000 URLs sitemap.xml becomes an index over parts of at most 50,000 each")
    func splitsPastTheLimit() throws {
        let files = Sitemap(baseURL: base, entries: entries(100_001)).files
        #expect(files.map(\.path.text) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"])
        let index = try XMLDocument(data: files[0].contents)
        #expect(index.rootElement()?.name == "sitemapindex")
        #expect(try locations(in: files[0]) == [
            "https://archive.example.org/wenjin/sitemap-1.xml",
            "https://archive.example.org/wenjin/sitemap-2.xml",
            "https://archive.example.org/wenjin/sitemap-3.xml",
        ])
        let counts = try files.dropFirst().map { try locations(in: $0).count }
        #expect(counts == [50_000, 50_000, 1])
        #expect(try locations(in: files[3]) == ["https://archive.example.org/wenjin/questions/100000.html"])
    }

    @Test("entries are written sorted by path whatever their order")
    func sorted() throws {
        let files = Sitemap(baseURL: base, entries: [SitemapEntry(path: "b.html"), SitemapEntry(path: "a.html")]).files
        #expect(try locations(in: files[0]) == ["https://archive.example.org/wenjin/a.html", "https://archive.example.org/wenjin/b.html"])
    }
}
