import Testing
@testable import WenjinCrawler

@Suite("robots.txt rules (RFC 9309)")
struct RobotsRulesTests {
    let text = """
        # comments and blank lines are ignored

        User-agent: *
        Disallow: /?/admin/
        Disallow: /private
        Allow: /private/open$

        User-agent: OtherBot
        User-agent: wenjin
        Disallow: /api/*.php
        Allow: /api/topic.php
        """

    @Test("an agent's own group wins over the * group, matched by product token")
    func ownGroup() {
        let rules = RobotsRules(parsing: text, userAgent: "wenjin/0.1 (static archive)")
        #expect(!rules.allows("/api/my_fans_user.php?uid=3"))
        #expect(rules.allows("/api/topic.php?uid=1&topic_id=2"))
        // The * group does not apply to an agent that has its own.
        #expect(rules.allows("/?/admin/"))
    }

    @Test("others follow the * group; the longest rule wins and $ anchors the end")
    func starGroup() {
        let rules = RobotsRules(parsing: text, userAgent: "curl/8.0")
        #expect(!rules.allows("/?/admin/settings"))
        #expect(rules.allows("/?/api/explore/&page=2"))
        #expect(!rules.allows("/private/open/more"))
        #expect(rules.allows("/private/open"))
        #expect(rules.allows("/robots.txt"))
    }

    @Test("an empty file or no matching group allows everything")
    func emptyAllowsAll() {
        #expect(RobotsRules(parsing: "", userAgent: "wenjin").allows("/anything"))
        #expect(RobotsRules(parsing: "User-agent: google\nDisallow: /", userAgent: "wenjin").allows("/x"))
    }

    @Test("wildcards match any run of characters")
    func wildcards() {
        #expect(RobotsRules.matches("/a*c", "/abbbc/d"))
        #expect(RobotsRules.matches("/a*c$", "/abbbc"))
        #expect(!RobotsRules.matches("/a*c$", "/abbbcd"))
        #expect(!RobotsRules.matches("/b", "/abc"))
    }
}
