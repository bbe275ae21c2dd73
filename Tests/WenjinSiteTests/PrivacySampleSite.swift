import Foundation
import Testing
import WenjinConfig
import WenjinCrawler
import WenjinModel
import WenjinSample
import WenjinStore
import WenjinTestSupport
@testable import WenjinSite

/// A site folder holding its own copy of one crawl of the sample community (crawled once per
/// test run over loopback, then copied), for tests that change the store, the takedowns or
/// site.json's privacy settings and build.
struct PrivacySampleSite {
    let root: URL
    let store: Store
    var config: SiteConfig
    var output: URL { root.appendingPathComponent("_site") }

    /// The crawled store folder, made once per test process (`SharedFixtureFolders`, which
    /// removes it when the process exits) and shared read-only by every copy.
    private static func crawled() async throws -> URL {
        try await SharedFixtureFolders.shared.folder("privacy-crawl-2011-80") { folder in
            let community = SampleCommunity(.init(seed: 2011, questions: 80, editedAnswers: 0))
            let server = SampleServer(api: SampleAPI(community: community, flavor: .wenjin), faults: nil)
            try server.start()
            defer { server.stop() }
            // The store closes (SQLite folds its write-ahead log in) before anyone copies it.
            let store = try Store.open(at: folder.appendingPathComponent(Store.fileName))
            let options = CrawlOptions.sample(server.baseURL!, community: community, assets: folder.appendingPathComponent("assets"))
            _ = try await Crawler(options: options, store: store).run()
        }
    }

    static func make() async throws -> PrivacySampleSite {
        let crawled = try await crawled()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-privacy-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: crawled, to: root.appendingPathComponent(".wenjin"))
        var config = try FixtureSite.linkingRepositoryThemes(into: root)
        config.baseURL = URL(string: "https://archive.example.org/")
        let store = try Store.open(at: root.appendingPathComponent(".wenjin/\(Store.fileName)"))
        return PrivacySampleSite(root: root, store: store, config: config)
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    @discardableResult
    func build(into folder: URL? = nil) throws -> BuildSummary {
        try SiteBuilder(config: config, store: store).build(into: folder ?? output)
    }

    func writeTakedowns(_ json: String) throws {
        try Data(json.utf8).write(to: root.appendingPathComponent("takedowns.json"))
    }

    func file(_ path: String, in folder: URL? = nil) -> String? {
        try? String(contentsOf: (folder ?? output).appendingPathComponent(path), encoding: .utf8)
    }

    /// The privacy check of `folder` (the output by default) against the store and takedowns now.
    func privacyFindings(of folder: URL? = nil) throws -> [PrivacyFinding] {
        try PrivacyCheck(root: folder ?? output, forbidden: ForbiddenContent.gather(store: store, config: config)).run().findings
    }

    /// The archive as stored.
    func content() throws -> ArchiveContent {
        try ArchiveContent.read(from: store, fallbackSource: nil)
    }

    /// Every output file whose text contains `text`.
    func files(containing text: String, in folder: URL? = nil) throws -> [String] {
        try FixtureSite.files(under: folder ?? output).filter { $0.value.range(of: Data(text.utf8)) != nil }.keys.sorted()
    }

    /// A copy of the output as it is now, for comparing a later build or checking it again.
    func snapshotOutput(_ name: String) throws -> URL {
        let copy = root.appendingPathComponent(name)
        try FileManager.default.copyItem(at: output, to: copy)
        return copy
    }

    /// Builds, then changes the archive with `change` (a takedowns file, a deletion, a policy)
    /// and builds again; expects that incremental build to equal a full build of the same state
    /// and to pass the privacy check. Returns a copy of the output from before the change.
    @discardableResult
    mutating func rebuild(after change: (inout PrivacySampleSite) throws -> Void,
                          sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
        try build()
        let before = try snapshotOutput("before-\(UUID().uuidString)")
        try change(&self)
        let incremental = try build()
        #expect(incremental.pagesUnchanged > 0, "the rebuild was incremental", sourceLocation: sourceLocation)
        let fresh = root.appendingPathComponent("full-\(UUID().uuidString)")
        try build(into: fresh)
        let (built, full) = (try FixtureSite.files(under: output), try FixtureSite.files(under: fresh))
        #expect(built.keys.sorted() == full.keys.sorted(), sourceLocation: sourceLocation)
        #expect(built.filter { full[$0.key] != $0.value }.keys.sorted() == [], "incremental equals full", sourceLocation: sourceLocation)
        let findings = try privacyFindings().map(\.description)
        #expect(findings == [], sourceLocation: sourceLocation)
        return before
    }
}
