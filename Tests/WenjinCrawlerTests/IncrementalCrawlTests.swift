import Foundation
import Testing
import WenjinModel
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

@Suite("A second crawl")
struct IncrementalCrawlTests {
    @Test("a crawl of an unchanged community reads only the first list pages, and the re-verified share changes nothing",
          arguments: SampleAPI.Flavor.allCases)
    func unchangedCommunity(flavor: SampleAPI.Flavor) async throws {
        let site = try SampleSite(questions: 80, flavor: flavor)
        let (_, store) = try await site.crawl()
        let before = try StoreSnapshot(store)
        site.log.clear()
        let (summary, _) = try await site.crawl(reverifyShare: 0)
        #expect(!summary.resumed)
        #expect(site.log.contentTargets.count <= 3, "\(site.log.contentTargets)")
        #expect(try StoreSnapshot(store) == before)

        let (reverified, _) = try await site.crawl()
        #expect(reverified.reverified > 0)
        #expect(reverified.changes == ArchiveChanges())
        #expect(try StoreSnapshot(store) == before)
    }

    @Test("after N new questions and M edited answers it costs O(N + M) requests and keeps the old versions",
          arguments: SampleAPI.Flavor.allCases)
    func grownCommunity(flavor: SampleAPI.Flavor) async throws {
        let (newQuestions, edits) = (15, 6)
        let first = try SampleSite(questions: 120, flavor: flavor)
        let (firstSummary, _) = try await first.crawl()
        let oldAnswers = try first.openStore().read { reader in try reader.questions().flatMap { try reader.answers(of: $0.id) } }
        let port = try #require(first.server.port)
        first.server.stop()

        let grown = try SampleSite(questions: 120 + newQuestions, flavor: flavor, editedAnswers: edits, port: port, folder: first.folder)
        // Explore alone: re-verification's share is a cost of its own (BENCHMARKS.md).
        let (summary, store) = try await grown.crawl(reverifyShare: 0)
        #expect(!summary.resumed)
        #expect(summary.tasksFailed == 0)
        #expect(try store.counts() == StoreCounts(SampleStats(grown.community)))
        let requests = grown.log.contentTargets.count
        // Upstream adds each changed question's web page, read for anonymity.
        let perItem = flavor == .wecenter ? 13 : 12
        #expect(requests <= perItem * (newQuestions + edits) + 10, "\(requests) requests")
        #expect(requests * 4 < firstSummary.requests)

        let edited = grown.community.answers.filter(\.isEdited)
        #expect(edited.count == edits)
        try store.read { reader in
            for answer in edited {
                let revisions = try reader.revisions(of: .answer, id: answer.id)
                #expect(revisions.count == 1)
                let old = try #require(try revisions.first?.oldContent(as: Answer.self))
                #expect(old == oldAnswers.first { $0.id.rawValue == answer.id })
                #expect(try reader.answer(AnswerID(answer.id))?.contentHTML != old.contentHTML)
            }
            #expect(try reader.revisionCount() == edits)
        }
    }

    @Test("tasks that failed are tried again by the next crawl")
    func failuresRetried() async throws {
        let site = try SampleSite(questions: 40, robotsTxt: "User-agent: *\nDisallow: /?/api/article/article/\n")
        let (first, store) = try await site.crawl()
        #expect(first.disallowed > 0)
        #expect(try store.counts().articles == 0)
        // The operator lifts the rule: the next crawl fetches what was skipped.
        var options = site.options()
        options.obeyRobotsTxt = false
        let second = try await Crawler(options: options, store: store).run()
        #expect(second.disallowed == 0)
        #expect(try store.counts() == StoreCounts(SampleStats(site.community)))
    }
}
