import Foundation
import Testing
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

@Suite("Too many failures")
struct FailureShareTests {
    @Test("a crawl stops when more than the allowed share fails, says what failed, and the next crawl completes it")
    func stopsAndResumes() async throws {
        let broken = try SampleSite(questions: 60, faults: try SampleFaults.Spec(parsing: "500=0.5"))
        var options = broken.options(loggedIn: false)
        options.retries = 0
        let store = try broken.openStore()
        let error = await #expect(throws: CrawlError.self) { try await Crawler(options: options, store: store).run() }
        guard case .tooManyFailures(let failed, let finished, let share)? = error?.reason else {
            Issue.record("expected too many failures, got \(String(describing: error))")
            return
        }
        #expect(Double(failed) / Double(finished) > share)
        #expect(error?.examples.isEmpty == false)
        #expect(error?.examples.first?.contains("httpStatus(500)") == true)

        // The server recovers at the same address: the next crawls finish the job.
        let port = try #require(broken.server.port)
        broken.server.stop()
        let healthy = try SampleSite(questions: 60, port: port, folder: broken.folder)
        // One more run resumes what was left and re-tries what failed.
        let summary = try await Crawler(options: healthy.options(loggedIn: false), store: store).run()
        #expect(summary.tasksFailed == 0)
        let (_, clean) = try await healthy.crawl("clean", loggedIn: false)
        #expect(try StoreSnapshot(store) == StoreSnapshot(clean))
    }
}
