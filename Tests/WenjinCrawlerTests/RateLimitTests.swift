import Foundation
import Testing
import WenjinSample
@testable import WenjinCrawler

@Suite("Rate and connection limits")
struct RateLimitTests {
    @Test("no second holds more requests to the host than the configured rate")
    func requestsAreSpaced() async throws {
        // Three questions make 46 requests, about two seconds at the rate.
        let site = try SampleSite(questions: 3)
        var options = site.options()
        options.requestsPerSecond = 25
        options.connectionsPerHost = 2
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

    @Test("no more requests are open at once than the connection limit")
    func connectionsAreLimited() async throws {
        // Every answer takes 100 ms, so three requests arriving within 100 ms would be three at once.
        // Three questions make 45 requests: over forty windows of three to check.
        let site = try SampleSite(questions: 3, faults: try SampleFaults.Spec(parsing: "slow=1,slow-ms=100"))
        var options = site.options()
        options.connectionsPerHost = 2
        let store = try site.openStore()
        _ = try await Crawler(options: options, store: store).run()
        let times = site.log.all.filter { $0.target != "/robots.txt" }.map(\.time).sorted()
        #expect(times.count > 20)
        for index in times.indices.dropLast(2) {
            #expect(times[index + 2].timeIntervalSince(times[index]) >= 0.095)
        }
    }
}
