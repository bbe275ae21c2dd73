import Foundation
import Testing
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

@Suite("Questions found through users' lists")
struct UserListDiscoveryTests {
    @Test("questions explore does not show are found through their askers' and answerers' lists")
    func foundWithoutExplore() async throws {
        // Explore stops after its first page: the rest must come from users' lists.
        let site = try SampleSite(questions: 90, flavor: .wecenter, robotsTxt: "User-agent: *\nDisallow: /?/api/explore/&page=2\n")
        let (summary, store) = try await site.crawl()
        #expect(summary.disallowed == 1)
        #expect(site.log.contentTargets.contains { $0.hasPrefix("/api/my_question.php") })
        #expect(try store.counts().questions == site.community.questions.count)
    }

    @Test("once explore can be read, those questions end up exactly as a plain crawl stores them")
    func listedLaterMatchesPlainCrawl() async throws {
        let site = try SampleSite(questions: 90, flavor: .wecenter, robotsTxt: "User-agent: *\nDisallow: /?/api/explore/&page=2\n")
        let (_, store) = try await site.crawl()
        var options = site.options()
        options.obeyRobotsTxt = false
        let second = try await Crawler(options: options, store: store).run()
        #expect(second.tasksFailed == 0)
        let plain = try site.openStore("plain")
    var plainOptions = site.options(store: "plain")
    plainOptions.obeyRobotsTxt = false
    _ = try await Crawler(options: plainOptions, store: plain).run()
        #expect(try StoreSnapshot(store) == StoreSnapshot(plain))
    }
}
