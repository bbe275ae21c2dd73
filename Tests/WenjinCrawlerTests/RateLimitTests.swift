import Foundation
import Testing
import WenjinSample
@testable import WenjinCrawler

@Suite("Rate limit")
struct RateLimitTests {
    @Test("no second holds more requests to the host than the configured rate")
    func requestsAreSpaced() async throws {
        let site = try SampleSite(questions: 8)
        var options = site.options()
        options.requestsPerSecond = 25
        options.connectionsPerHost = 4
        let store = try site.openStore()
        _ = try await Crawler(options: options, store: store).run()
        let times = site.log.all.map(\.time).sorted()
        #expect(times.count > 40)
        // Any 26 consecutive requests span about a second; arrival times jitter on a loaded
        // machine, so a tenth of the window is tolerated (without the limit they take ~30 ms).
        for index in times.indices.dropLast(25) {
            #expect(times[index + 25].timeIntervalSince(times[index]) >= 0.9)
        }
    }
}
