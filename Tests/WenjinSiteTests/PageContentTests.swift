import Foundation
import Testing
@testable import WenjinSite

/// What a reader checks on the built fixture: order of answers, anchors, anonymous authors,
/// @-replies, local images, links to originals, canonical URLs and structured data.
@Suite("Page content")
struct PageContentTests {
    let site: FixtureSite

    init() throws {
        site = try FixtureSite()
        _ = try site.build()
    }

    private func page(_ path: String) throws -> String {
        try String(contentsOf: site.output.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("The best answer comes first, then answers by votes, each with its anchor")
    func answersBestFirst() throws {
        defer { site.remove() }
        let html = try page("questions/100.html")
        let best = try #require(html.range(of: "id=\"answer-1001\""))
        let other = try #require(html.range(of: "id=\"answer-1000\""))
        #expect(best.lowerBound < other.lowerBound)
        #expect(html.contains("id=\"comment-5001\""))
    }

    @Test("Anonymous authors show as 匿名用户 and are never linked")
    func anonymousNeverLinked() throws {
        defer { site.remove() }
        for path in ["questions/100.html", "questions/102.html", "index.html", "unanswered.html"] {
            let html = try page(path)
            #expect(html.contains("<span class=\"wj-person wj-anonymous\">匿名用户</span>"), "\(path)")
            #expect(!html.contains(">匿名用户</a>"), "\(path)")
        }
    }

    @Test("A reply names the user replied to, linked to their page")
    func replyShowsAtUser() throws {
        defer { site.remove() }
        #expect(try page("questions/100.html").contains("回复 @<a class=\"wj-person\" href=\"../users/1.html\">李华</a>：不客气"))
        #expect(try page("articles/7.html").contains("回复 @<a class=\"wj-person\" href=\"../users/1.html\">李华</a>：写得好"))
    }

    @Test("Stored images are local files; missing ones link to the original")
    func imagesAreLocal() throws {
        defer { site.remove() }
        let html = try page("questions/100.html")
        #expect(html.contains("<img src=\"../images/\(FixtureSite.imageSHA).png\""))
        #expect(html.contains("href=\"http://wenjin.example/uploads/answer/gone.png\""))
        #expect(try page("users/1.html").contains("src=\"../images/\(FixtureSite.imageSHA).png\""))
    }

    @Test("Pages carry a canonical URL, Open Graph tags and a link to the original")
    func canonicalAndOpenGraph() throws {
        defer { site.remove() }
        let html = try page("questions/101.html")
        #expect(html.contains("<link rel=\"canonical\" href=\"https://archive.example.org/questions/101.html\">"))
        #expect(html.contains("<meta property=\"og:title\" content=\"C++ 和 Java 选哪个？ - 问津 · 测试\">"))
        #expect(html.contains("href=\"http://wenjin.example/?/question/101\""))
        #expect(try page("index.html").contains("<link rel=\"canonical\" href=\"https://archive.example.org/\">"))
    }

    @Test("Question pages hold QAPage JSON-LD that parses as JSON")
    func structuredData() throws {
        defer { site.remove() }
        let html = try page("questions/100.html")
        let start = try #require(html.range(of: "<script type=\"application/ld+json\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
        #expect(json?["@type"] as? String == "QAPage")
        let entity = json?["mainEntity"] as? [String: Any]
        #expect(entity?["answerCount"] as? Int == 2)
        #expect((entity?["acceptedAnswer"] as? [String: Any])?["upvoteCount"] as? Int == 2)
    }

    @Test("Titles and texts are decoded once and escaped once")
    func entitiesDecodedOnce() throws {
        defer { site.remove() }
        #expect(try page("topics/11.html").contains("<h1 class=\"h3 mb-1\">C++ &amp; Java</h1>"))
        #expect(try page("questions/100.html").contains("谢谢 &lt;3"))
        #expect(try page("topics/10.html").contains("关于&lt;校园&gt;的一切"))
        #expect(!(try page("questions/100.html").contains("<script>alert")))
    }

    @Test("Every page links with relative paths that name files")
    func linksAreRelative() throws {
        defer { site.remove() }
        for path in ["index.html", "questions/100.html", "users/1.html", "topics/10.html"] {
            let html = try page(path)
            #expect(!html.contains("href=\"/"), "\(path)")
            #expect(!html.contains("src=\"/"), "\(path)")
        }
    }
}
