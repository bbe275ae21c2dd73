import Foundation
import FoundationXML
import Testing
import WenjinBuildSupport
import WenjinSanitizer
@testable import WenjinSite

@Suite("Atom feeds")
struct FeedAtomTests {
    let published = Date(timeIntervalSince1970: 1_700_000_000)
    let updated = Date(timeIntervalSince1970: 1_700_003_600)

    private func content(_ html: String) -> SanitizedHTML {
        Sanitizer(hosts: CommunityHosts(source: "https://wenjin.example.com"), resolver: OriginalsResolver()).sanitize(html: html).0
    }

    private func feed(path: String = "topics/12/feed.xml") -> AtomFeed {
        AtomFeed(
            path: SitePath(path), title: "话题：考研 & <保研>", pageURL: "topics/12.html",
            entries: [
                AtomEntry(title: "Tom & Jerry <3", url: "questions/1.html", published: published, updated: updated,
                          author: "小明", summary: "摘要\u{1}里有控制字符", content: content("<p>见 <a href=\"../users/9.html\">他</a> &amp; 你</p>"),
                          categories: ["考研"]),
                AtomEntry(title: "匿名提问", url: "questions/2.html", published: published, updated: published),
            ])
    }

    private func parse(_ file: GeneratedFile) throws -> XMLElement {
        try #require(try XMLDocument(data: file.contents).rootElement())
    }

    private func texts(_ root: XMLElement, _ xpath: String) throws -> [String] {
        try root.nodes(forXPath: xpath).compactMap(\.stringValue)
    }

    @Test("a feed is well-formed Atom 1.0 whose titles and HTML content come back as written")
    func wellFormedAndEscaped() throws {
        let file = AtomWriter(siteTitle: "问津", baseURL: URL(string: "https://example.org/a/")).file(for: feed())
        #expect(file.path.text == "topics/12/feed.xml")
        let root = try parse(file)
        #expect(root.name == "feed")
        #expect(root.uri == "http://www.w3.org/2005/Atom")
        #expect(try texts(root, "/*[local-name()='feed']/*[local-name()='title']") == ["话题：考研 & <保研>"])
        #expect(try texts(root, "//*[local-name()='entry']/*[local-name()='title']") == ["Tom & Jerry <3", "匿名提问"])
        let html = try texts(root, "//*[local-name()='content']")
        #expect(html == [content("<p>见 <a href=\"../users/9.html\">他</a> &amp; 你</p>").html])
        #expect(try texts(root, "//*[local-name()='summary']") == ["摘要里有控制字符"])
        #expect(try texts(root, "//*[local-name()='category']/@term") == ["考研"])
        #expect(try texts(root, "//*[local-name()='entry']/*[local-name()='author']/*") == ["小明"])
    }

    @Test("dates are RFC 3339 in UTC and the feed is as new as its newest entry")
    func dates() throws {
        let root = try parse(AtomWriter(siteTitle: "问津", baseURL: nil).file(for: feed()))
        #expect(try texts(root, "/*[local-name()='feed']/*[local-name()='updated']") == ["2023-11-14T23:13:20Z"])
        #expect(try texts(root, "//*[local-name()='entry']/*[local-name()='published']") == ["2023-11-14T22:13:20Z", "2023-11-14T22:13:20Z"])
        let empty = AtomFeed(path: "feed.xml", title: "空", pageURL: "index.html", entries: [])
        #expect(try texts(try parse(AtomWriter(siteTitle: "问津", baseURL: nil).file(for: empty)), "/*/*[local-name()='updated']")
            == ["1970-01-01T00:00:00Z"])
    }

    @Test("with a base URL links and ids are absolute; without, links are relative to the feed and ids are tag URIs")
    func linksAndIDs() throws {
        let hosted = try parse(AtomWriter(siteTitle: "问津", baseURL: URL(string: "https://example.org/a/")).file(for: feed()))
        #expect(try texts(hosted, "//*[local-name()='entry']/*[local-name()='link']/@href")
            == ["https://example.org/a/questions/1.html", "https://example.org/a/questions/2.html"])
        #expect(try texts(hosted, "/*/*[local-name()='link'][@rel='self']/@href") == ["https://example.org/a/topics/12/feed.xml"])
        #expect(try texts(hosted, "//*[local-name()='content']/@*[local-name()='base']") == ["https://example.org/a/questions/1.html"])

        let offline = try parse(AtomWriter(siteTitle: "问津", baseURL: nil).file(for: feed()))
        #expect(try texts(offline, "//*[local-name()='entry']/*[local-name()='link']/@href") == ["../../questions/1.html", "../../questions/2.html"])
        #expect(try texts(offline, "/*/*[local-name()='link'][@rel='alternate']/@href") == ["../../topics/12.html"])
        let ids = try texts(offline, "//*[local-name()='id']")
        #expect(ids == ["tag:wenjin.archive,2026:topics/12/feed.xml", "tag:wenjin.archive,2026:questions/1.html", "tag:wenjin.archive,2026:questions/2.html"])
    }

    @Test("an entry without an author still has one through the feed, as Atom requires")
    func feedAuthor() throws {
        let root = try parse(AtomWriter(siteTitle: "问津", baseURL: nil).file(for: feed(path: "feed.xml")))
        #expect(try texts(root, "/*/*[local-name()='author']/*") == ["问津"])
        #expect(try texts(root, "/*/*[local-name()='link'][@rel='self']/@href") == ["feed.xml"])
    }
}
