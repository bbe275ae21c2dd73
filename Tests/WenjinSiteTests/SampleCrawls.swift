import Foundation
import WenjinCrawler
import WenjinSample
import WenjinStore

/// One crawl of each sample size and flavor per test process, whose store folder each
/// `CrawledSite` copies: several suites build the same crawled sample, and the crawl (a loopback
/// server, the API decoding, the sanitizer) cost far more than the copy. The copies are real
/// SQLite files in each test's own folder, so a test that writes to its store changes no other.
actor SampleCrawls {
    static let shared = SampleCrawls()

    struct Key: Hashable {
        let questions: Int
        let flavor: SampleAPI.Flavor
        let crawledAs: CrawlOptions.Flavor
    }

    /// The folder holding every crawl of this process, removed when the process exits.
    static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("wenjin-sample-crawls-\(ProcessInfo.processInfo.processIdentifier)")

    private var crawls: [Key: Task<URL, any Error>] = [:]

    /// The `.wenjin` folder (store and images) of the crawl `key` names, crawled on first use;
    /// tests asking at the same time wait for the one crawl.
    func storeFolder(_ key: Key, community: SampleCommunity) async throws -> URL {
        if let crawl = crawls[key] { return try await crawl.value }
        if crawls.isEmpty {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            atexit { try? FileManager.default.removeItem(at: SampleCrawls.folder) }
        }
        let crawl = Task { try await Self.crawl(key, community: community) }
        crawls[key] = crawl
        return try await crawl.value
    }

    private static func crawl(_ key: Key, community: SampleCommunity) async throws -> URL {
        let server = SampleServer(api: SampleAPI(community: community, flavor: key.flavor), faults: nil)
        try server.start()
        defer { server.stop() }
        let storeFolder = folder.appendingPathComponent("\(key.questions)-\(key.flavor)-as-\(key.crawledAs)/.wenjin")
        var options = CrawlOptions.sample(server.baseURL!, community: community, assets: storeFolder.appendingPathComponent("assets"))
        options.flavor = key.crawledAs
        // The store closes (and SQLite folds its write-ahead log in) before anyone copies it.
        do {
            let store = try Store.open(at: storeFolder.appendingPathComponent("cache.sqlite"))
            _ = try await Crawler(options: options, store: store).run()
        }
        return storeFolder
    }
}
