import Foundation
import WenjinSample
import WenjinTestSupport

/// Crawled sample sites built once per test process, for tests that only read what the first
/// build of a crawl published and the store it came from: each of them would otherwise copy the
/// crawl and build it again. Nobody builds these sites again or writes to them; a test that does
/// makes a `CrawledSite` of its own.
actor SharedBuiltSamples {
    static let shared = SharedBuiltSamples()

    private var sites: [String: Task<SampleCommunityBuildTests.CrawledSite, any Error>] = [:]

    /// The crawl of `questions` questions served and crawled as `flavor`, built by the first test
    /// to ask, in a `SharedFixtureFolders` folder (removed when the process exits).
    func built(questions: Int, flavor: SampleAPI.Flavor = .wenjin) async throws -> SampleCommunityBuildTests.CrawledSite {
        let name = "built-\(questions)-\(flavor)"
        if let site = sites[name] { return try await site.value }
        let site = Task {
            let folder = try await SharedFixtureFolders.shared.folder(name) { _ in }
            let site = try await SampleCommunityBuildTests.CrawledSite(questions: questions, flavor: flavor, in: folder.appendingPathComponent("site"))
            _ = try site.build()
            return site
        }
        sites[name] = site
        return try await site.value
    }
}
