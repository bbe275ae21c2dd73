import Testing
@testable import WenjinSanitizer

/// Links and images of docs/api.md §1.1 and §3.4, rewritten through the resolver.
@Suite struct LinkRewritingTests {
    static let outside = " rel=\"nofollow noopener noreferrer ugc\""

    static let links: [(String, String)] = [
        ("http://wenjin.in/?/question/3521", "href=\"../questions/3521.html\""),
        ("http://wenjin.in/question/3521", "href=\"../questions/3521.html\""),
        ("http://wenjin.in/?/m/question/3521", "href=\"../questions/3521.html\""),
        ("http://wenjin.in/index.php?/question/3521", "href=\"../questions/3521.html\""),
        ("http://wenjin.twtstudio.com/?/question/3521", "href=\"../questions/3521.html\""),
        ("http://2014shequ.twtstudio.com/question/3521", "href=\"../questions/3521.html\""),
        ("http://wj.oursays.com/?/question/3521", "href=\"../questions/3521.html\""),
        ("http://wenjin.im/question/3521", "href=\"../questions/3521.html\""),
        ("https://WENJIN.IN/question/3521", "href=\"../questions/3521.html\""),
        ("http://wenjin.in:80/question/3521", "href=\"../questions/3521.html\""),
        ("http://127.0.0.1:8088/?/question/3521", "href=\"../questions/3521.html\""),
        ("/?/question/3521", "href=\"../questions/3521.html\""),
        ("http://wenjin.in/m/question/id-3521__answer_id-10873__single-TRUE", "href=\"../questions/3521.html#answer-10873\""),
        ("http://wenjin.in/?/question/3521?answer_id=10873&single=TRUE", "href=\"../questions/3521.html#answer-10873\""),
        ("http://wenjin.in/?/question/id-3521__answer_id-10873", "href=\"../questions/3521.html#answer-10873\""),
        ("http://wenjin.in/question/3521#!answer_10873", "href=\"../questions/3521.html#answer-10873\""),
        ("http://wenjin.in/article/7", "href=\"../articles/7.html\""),
        ("http://wenjin.in/?/people/alice", "href=\"../people/alice.html\""),
        ("http://wenjin.in/topic/%E9%A3%9F%E5%A0%82", "href=\"../topics/食堂.html\""),
        ("http://wenjin.in/?/question/9999", "href=\"http://wenjin.in/?/question/9999\"" + outside),
        ("/question/9999", "href=\"http://127.0.0.1:8088/question/9999\"" + outside),
        ("http://wenjin.in/?/url/link/aHR0cDovL2V4YW1wbGUuY29tL3g_", "href=\"http://example.com/x\"" + outside),
        ("http://wenjin.in/url/link/http%3A%2F%2Fwenjin.in%2Fquestion%2F3521", "href=\"../questions/3521.html\""),
        ("http://example.com/", "href=\"http://example.com/\"" + outside),
        ("http://wenjin.in.evil.example/question/3521", "href=\"http://wenjin.in.evil.example/question/3521\"" + outside),
        ("mailto:editor@twt.edu.cn", "href=\"mailto:editor@twt.edu.cn\""),
        ("#top", "href=\"#top\""),
        // A relative link was written relative to the original site: in the archive it would point at nothing.
        ("./this:that", "href=\"http://127.0.0.1:8088/this:that\"" + outside),
        ("faq.html", "href=\"http://127.0.0.1:8088/faq.html\"" + outside),
        ("../questions/3521.html", "href=\"../questions/3521.html\""),
        ("javascript:alert(1)", ""),
        (" JaVa\tScRiPt:alert(1)", ""),
        ("data:text/html,<script>alert(1)</script>", ""),
    ]

    @Test(arguments: links)
    func communityLinksPointAtArchivePagesAndOthersLeaveWithNofollow(_ href: String, _ expected: String) {
        let output = Fixture.sanitize("<a href='\(href.replacingOccurrences(of: "'", with: "&#39;"))'>x</a>")
        #expect(output == (expected.isEmpty ? "<a>x</a>" : "<a \(expected)>x</a>"))
    }

    static let asset = "<img src=\"../assets/01/23.jpg\" alt=\"\" loading=\"lazy\" />"
    static let images: [(String, String)] = [
        ("<img src='http://wenjin.in/uploads/answer/20151112/0123456789abcdef0123456789abcdef.jpg'/>", asset),
        ("<img src='http://wenjin.in/uploads/answer/20151112/170x110_0123456789abcdef0123456789abcdef.jpg'/>", asset),
        ("<img src='http://wenjin.in/uploads/answer/20151112//90x90_0123456789abcdef0123456789abcdef.jpg'/>", asset),
        ("<img src='http://wenjin.in/?/url/img/aHR0cDovL3dlbmppbi5pbi91cGxvYWRzL2Fuc3dlci8yMDE1MTExMi8wMTIzNDU2Nzg5YWJjZGVmMDEyMzQ1Njc4OWFiY2RlZi5qcGc_'/>", asset),
        ("<img src='http://wenjin.in/uploads/answer/20151112/0123456789abcdef0123456789abcdef.jpg' width='640' height='480' alt='食堂' class='img-responsive' onerror='x()'/>",
         "<img src=\"../assets/01/23.jpg\" width=\"640\" height=\"480\" alt=\"食堂\" loading=\"lazy\" />"),
        ("<img src='http://wenjin.in/uploads/answer/20151112/0123456789abcdef0123456789abcdef.jpg' width='100%' height='x'/>",
         "<img src=\"../assets/01/23.jpg\" alt=\"\" width=\"100%\" loading=\"lazy\" />"),
        ("<img src='http://example.com/cat.png' alt='猫'>", "<a href=\"http://example.com/cat.png\"\(outside)>猫</a>"),
        ("<img src='//example.com/cat.png'>", "<a href=\"http://example.com/cat.png\"\(outside)>[图片]</a>"),
        ("<a href='http://example.com/'>看<img src='http://example.com/cat.png'></a>", "<a href=\"http://example.com/\"\(outside)>看[图片]</a>"),
        ("<img src='javascript:alert(1)'>", ""),
        ("<img src='../assets/01/23.jpg'>", asset),
        ("<IMG SRC='http://wenjin.in/uploads/answer/20151112/0123456789abcdef0123456789abcdef.jpg' ALT=''>",
         "<img src=\"../assets/01/23.jpg\" alt=\"\" loading=\"lazy\" />"),
    ]

    @Test(arguments: images)
    func imagesPointAtLocalAssetsOrBecomeLinksToTheOriginal(_ input: String, _ expected: String) {
        #expect(Fixture.sanitize(input) == expected)
    }

    @Test func theCrawlerFindsTheOriginalsOfEveryImageABodyShows() {
        let body = """
            <img src='http://wenjin.in/uploads/answer/20151112/170x110_a.jpg'/><img src="/uploads/article/20151112/b.png">\
            <img src='http://example.com/c.gif'><img src='http://wenjin.in/uploads/answer/20151112/a.jpg'/>\
            <script><img src='http://evil.example/d.gif'></script><img src='javascript:x'><img src='rel.png'>
            """
        #expect(Fixture.sanitizer.imageURLs(in: body) == [
            "http://wenjin.in/uploads/answer/20151112/a.jpg", "http://127.0.0.1:8088/uploads/article/20151112/b.png",
            "http://example.com/c.gif",
        ])
        #expect(Fixture.sanitizer.imageURLs(inBBCode: "[img]http://example.com/e.jpg[/img]") == ["http://example.com/e.jpg"])
    }

    @Test func communityURLsAreClassifiedForTheCrawler() {
        let hosts = CommunityHosts(source: "http://127.0.0.1:8088/")
        #expect(hosts.link(for: "http://wenjin.in/?/question/3521") == .question(id: 3521, answerID: nil))
        #expect(hosts.link(for: "http://127.0.0.1:8088/topic/c") == .topic(token: "c"))
        #expect(hosts.link(for: "http://wenjin.in/uploads/answer/x/90x90_y.jpg") == .image(originalURL: "http://wenjin.in/uploads/answer/x/y.jpg"))
        #expect(hosts.link(for: "http://example.com/question/3521") == nil)
        #expect(hosts.link(for: "http://wenjin.in/?/explore/") == nil)
        #expect(hosts.link(for: "http://127.0.0.1:9999/question/1") == nil)
    }
}
