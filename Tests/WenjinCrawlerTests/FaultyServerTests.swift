import Foundation
import Testing
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

@Suite("Crawling a faulty server")
struct FaultyServerTests {
    static let spec = try! SampleFaults.Spec(parsing: "500=0.05,drop=0.03,slow=0.03,truncate=0.04,429=0.02,slow-ms=150,retry-after=1")

    @Test("500s, dropped connections, slow and truncated bodies and 429s give the same store as a clean crawl")
    func sameStoreAsClean() async throws {
        let clean = try SampleSite(questions: 60)
        let (_, cleanStore) = try await clean.crawl()
        let faulty = try SampleSite(questions: 60, faults: Self.spec)
        let (summary, faultyStore) = try await faulty.crawl()
        #expect(summary.retries > 0)
        #expect(summary.tasksFailed == 0)
        let expected = try StoreSnapshot(cleanStore).normalized(replacing: "127.0.0.1:\(clean.server.port!)")
        let actual = try StoreSnapshot(faultyStore).normalized(replacing: "127.0.0.1:\(faulty.server.port!)")
        #expect(actual == expected)
        #expect(try faultyStore.counts() == StoreCounts(SampleStats(faulty.community)))
    }

    static let retryAfterScale = 0.1

    @Test("no request for a target comes before the Retry-After of its 429 has passed")
    func retryAfterObeyed() async throws {
        let spec = try SampleFaults.Spec(parsing: "429=0.1,retry-after=1")
        let site = try SampleSite(questions: 25, faults: spec)
        // A tenth of real time, not the sample's hundredth: 100 ms is well above the time a
        // retry that ignored Retry-After would take, so the check below can tell them apart.
        var options = site.options()
        options.retryWaitScale = Self.retryAfterScale
        _ = try await Crawler(options: options, store: site.openStore()).run()
        // Replay the server's deterministic fault decisions over the requests in arrival order.
        let replay = SampleFaults(spec: spec, seed: SampleSite.faultSeed)
        var refusedAt: [String: Date] = [:]
        var checked = 0
        for (target, time) in site.log.all {
            if let refused = refusedAt.removeValue(forKey: target) {
                // The Retry-After of 1 s on this crawl's scaled clock.
                #expect(time.timeIntervalSince(refused) >= Double(spec.retryAfterSeconds) * Self.retryAfterScale,
                        "\(target) asked again too early")
                checked += 1
            }
            if replay.nextFault(for: target) == .tooManyRequests { refusedAt[target] = time }
        }
        #expect(checked > 0)
        #expect(refusedAt.isEmpty, "every refused request was tried again")
    }
}
