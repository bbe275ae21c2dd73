import Foundation
import Testing
import WenjinAPI
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

/// Paging is bounded by progress as well as by what the server said (issue 10 §3): WeCenter's
/// stand-alone scripts send the last page again for any page past the end, so a `total_rows`
/// that promises more than there is would otherwise page forever.
@Suite("Pages that repeat")
struct RepeatedPageTests {
    @Test("every counted list claiming Int64.max rows ends at its first repeated page, everything is archived and the ends are reported",
          .timeLimit(.minutes(1)))
    func hugeTotalRowsEndAtTheFirstRepeat() async throws {
        let pattern = try NSRegularExpression(pattern: #""total_rows":"?[0-9]+"?"#)
        let server = try RewritingSampleServer(questions: 30) { _, body in
            pattern.stringByReplacingMatches(in: body, range: NSRange(body.startIndex..., in: body),
                                             withTemplate: #""total_rows":"9223372036854775807""#)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-repeats-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = CrawlOptions(source: APIBaseURL(server.base)!, assetsFolder: folder.appendingPathComponent("assets"))
        options.credentials = .init(userName: server.community.users[0].userName, password: SampleAPI.password)
        options.requestsPerSecond = 0
        options.connectionsPerHost = 4
        let store = try Store.open(at: folder.appendingPathComponent(Store.fileName))
        let summary = try await Crawler(options: options, store: store).run()
        #expect(summary.tasksFailed == 0)
        #expect(summary.repeatedPages > 0)
        #expect(try store.counts() == StoreCounts(SampleStats(server.community)))
        // The page where a list ended says so, for whoever reads the store.
        let base = APIBaseURL(server.base)!
        let notes = try store.read { reader in
            try reader.users().compactMap { user in
                try reader.rawResponse(for: Endpoint.followers(RemoteUserID(user.id.rawValue), page: 2, perPage: Crawler.followPageSize)
                    .url(relativeTo: base))?.error
            }
        }
        #expect(!notes.isEmpty)
        #expect(notes.allSatisfy { $0.contains("page 2 repeats page 1: the list ends here") })
    }
}
