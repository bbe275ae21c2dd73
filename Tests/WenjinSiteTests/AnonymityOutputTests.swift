import Foundation
import Testing
import WenjinCrawler
import WenjinSample
@testable import WenjinSite

/// Anonymous posts in the published archive, over a real crawl and build of the sample
/// community in each source flavor: no output file names, links or lists the real author near
/// the post (see `AnonymityScan`).
@Suite("Anonymous posts in every output file")
struct AnonymityOutputTests {
    @Test("no output file shows an anonymous post's real author near it, on either source flavor",
          .timeLimit(.minutes(20)), arguments: SampleAPI.Flavor.allCases)
    func noFileNamesTheAuthor(flavor: SampleAPI.Flavor) async throws {
        let site = try await SharedBuiltSamples.shared.built(questions: 120, flavor: flavor)
        var scan = try AnonymityScan(community: site.community, flavor: flavor, output: site.output)
        let leaks = scan.leaks()
        #expect(leaks.isEmpty, "\(leaks.count) leaks, e.g. \(leaks.prefix(8))")
        let anonymous = site.community.questions.filter(\.isAnonymous).count + site.community.answers.filter(\.isAnonymous).count
        #expect(anonymous >= 20)
        #expect(scan.blocksSearched == anonymous)
    }

    @Test("the same search finds the real authors when an upstream source is crawled without reading its web pages",
          .timeLimit(.minutes(20)))
    func theSearchFindsAuthorsWithoutTheWebPageStep() async throws {
        // site.json left at the default flavor: the crawler trusts upstream's API, which names everyone.
        let site = try await SampleCommunityBuildTests.CrawledSite(questions: 120, flavor: .wecenter, crawledAs: .wenjin)
        _ = try site.build()
        var scan = try AnonymityScan(community: site.community, flavor: .wecenter, output: site.output)
        let leaks = scan.leaks()
        #expect(leaks.contains { $0.file.hasPrefix("questions/") && $0.post.hasPrefix("anonymous question") })
        #expect(leaks.contains { $0.file.hasPrefix("questions/") && $0.post.hasPrefix("anonymous answer") })
        #expect(leaks.contains { $0.file.hasPrefix("users/") })
        #expect(leaks.contains { $0.file.hasPrefix("index") || $0.file.hasPrefix("topics/") })
    }
}
