import Foundation
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

/// One crawl of the sample community per size and flavor for the whole test process, for tests
/// that only look at what a first crawl stored and requested: several of them need the same
/// crawl of 130 questions (question 120's 103 answers take two pages), and each crawl costs a
/// second or more of CPU. Nobody crawls these sites again or writes to their stores.
actor SharedSampleCrawls {
    static let shared = SharedSampleCrawls()

    /// A site crawled once (logged in, the sample's options), its summary and its store.
    struct Crawled: Sendable {
        let site: SampleSite
        let summary: CrawlSummary
        let store: Store
    }

    private var crawls: [String: Task<Crawled, any Error>] = [:]

    /// The crawl of `questions` questions served as `flavor`, made by the first test to ask.
    func crawled(questions: Int, flavor: SampleAPI.Flavor) async throws -> Crawled {
        let name = "\(questions)-\(flavor)"
        if let crawl = crawls[name] { return try await crawl.value }
        let crawl = Task {
            let site = try SampleSite(questions: questions, flavor: flavor)
            let (summary, store) = try await site.crawl()
            return Crawled(site: site, summary: summary, store: store)
        }
        crawls[name] = crawl
        return try await crawl.value
    }
}

extension SharedSampleCrawls.Crawled {
    /// Site, summary and store, to take apart in one `let`.
    var all: (SampleSite, CrawlSummary, Store) { (site, summary, store) }
}
