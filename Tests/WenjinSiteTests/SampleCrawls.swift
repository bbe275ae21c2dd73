import Foundation
import WenjinCrawler
import WenjinSample
import WenjinStore
import WenjinTestSupport

/// The crawled samples `CrawledSite` copies: one crawl of each size and flavor per test process.
enum SampleCrawls {
    /// The community of `questions` questions every crawled sample site shows.
    static func community(questions: Int) -> SampleCommunity {
        SampleCommunity(.init(seed: 2015, questions: questions, editedAnswers: 0))
    }

    /// Copies the `.wenjin` folder (store and images) of a crawl of `community(questions:)`
    /// served as `flavor` and crawled as `crawledAs` to `storeFolder`.
    static func copy(questions: Int, flavor: SampleAPI.Flavor, crawledAs: CrawlOptions.Flavor, to storeFolder: URL) async throws {
        let name = "crawl-\(questions)-\(flavor)-as-\(crawledAs)"
        let crawled = try await SharedFixtureFolders.shared.folder(name) { folder in
            let community = community(questions: questions)
            let server = SampleServer(api: SampleAPI(community: community, flavor: flavor), faults: nil)
            try server.start()
            defer { server.stop() }
            var options = CrawlOptions.sample(server.baseURL!, community: community, assets: folder.appendingPathComponent("assets"))
            options.flavor = crawledAs
            // The store closes (SQLite folds its write-ahead log in) before anyone copies it.
            let store = try Store.open(at: folder.appendingPathComponent("cache.sqlite"))
            _ = try await Crawler(options: options, store: store).run()
        }
        try FileManager.default.copyItem(at: crawled, to: storeFolder)
    }
}
