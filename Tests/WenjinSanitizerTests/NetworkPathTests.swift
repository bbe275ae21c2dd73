import Testing
@testable import WenjinSanitizer

/// `//host/x` and `\\host\x` name another host: a browser reads them against the page's scheme,
/// and from disk (`file://`) as a file on a network share. They leave the archive as the web
/// links they are, scheme written out, whatever mix of slashes and hidden characters they use.
@Suite struct NetworkPathTests {
    static let outside = " rel=\"nofollow noopener noreferrer ugc\""

    static let links: [(String, String)] = [
        ("//evil.example/x", "http://evil.example/x"),
        ("\\\\evil.example\\share\\x", "http://evil.example/share/x"),
        ("/\\evil.example/x", "http://evil.example/x"),
        ("\\/evil.example/x", "http://evil.example/x"),
        ("/\t/evil.example/x", "http://evil.example/x"),
        (" \n//evil.example/x?a=1#b", "http://evil.example/x?a=1#b"),
        ("http:\\\\evil.example\\x", "http://evil.example/x"),
        ("https:/\\evil.example/x", "https://evil.example/x"),
    ]

    @Test(arguments: links)
    func networkPathLinksLeaveAsWebLinks(_ href: String, _ expected: String) {
        let output = Fixture.sanitize("<a href='\(href)'>x</a>")
        #expect(output == "<a href=\"\(expected)\"\(Self.outside)>x</a>")
    }

    @Test(arguments: links)
    func networkPathImagesBecomeLinksToTheWeb(_ source: String, _ expected: String) {
        let output = Fixture.sanitize("<img src='\(source)' alt='图'>")
        #expect(output == "<a href=\"\(expected)\"\(Self.outside)>图</a>")
    }

    @Test func aNetworkPathToTheCommunityIsAnArchiveLink() {
        #expect(Fixture.sanitize("<a href='\\\\wenjin.in\\question\\3521'>x</a>") == "<a href=\"../questions/3521.html\">x</a>")
        #expect(Fixture.sanitize("<a href='/\\wenjin.in/question/3521'>x</a>") == "<a href=\"../questions/3521.html\">x</a>")
    }

    @Test func sanitizingTwiceChangesNothing() {
        for (href, _) in Self.links {
            let once = Fixture.sanitize("<a href='\(href)'>x</a><img src='\(href)'>")
            #expect(Fixture.sanitize(once) == once)
        }
    }
}
