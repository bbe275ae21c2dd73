import Foundation
import Testing
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

@Suite("Crawling under robots.txt")
struct RobotsCrawlTests {
    @Test("disallowed URLs are never requested and the rest is crawled")
    func disallowRespected() async throws {
        let robots = """
            User-agent: *
            Disallow: /api/my_fans_user.php
            Disallow: /?/api/article/comment/
            """
        let site = try SampleSite(questions: 60, robotsTxt: robots)
        let (summary, store) = try await site.crawl()
        let targets = site.log.contentTargets
        #expect(!targets.contains { $0.hasPrefix("/api/my_fans_user.php") })
        #expect(!targets.contains { $0.hasPrefix("/?/api/article/comment/") })
        #expect(summary.disallowed > 0)
        #expect(summary.tasksFailed == 0)
        let counts = try store.counts()
        #expect(counts.articleComments == 0)
        #expect(counts.questions == site.community.questions.count)
    }

    @Test("a robots.txt the server cannot serve stops the crawl before anything is fetched")
    func unreadableRobotsStops() async throws {
        // The sample's faults spare robots.txt, so point the crawler where nothing listens.
        let site = try SampleSite(questions: 10)
        var options = site.options()
        options.source = .init("http://127.0.0.1:1/")!
        options.retries = 1
        let store = try site.openStore()
        await #expect(throws: CrawlError.self) { try await Crawler(options: options, store: store).run() }
        #expect(try store.counts() == StoreCounts())
    }
}
