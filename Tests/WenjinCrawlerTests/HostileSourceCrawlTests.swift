import Foundation
import Synchronization
import Testing
import WenjinAPI
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

/// A crawl of a source that misbehaves on purpose (the sample server's hostile faults): each
/// bad answer fails its own task with its cause, is reported, and the crawl goes on (issue 10).
@Suite("Crawling a hostile source")
struct HostileSourceCrawlTests {
    /// Task failures as the crawl reported them.
    final class Failures: Sendable {
        private let list = Mutex<[String]>([])
        func record(_ event: CrawlEvent) {
            if case .taskFailed(let task, let error) = event { list.withLock { $0.append("\(task): \(error)") } }
        }
        var all: [String] { list.withLock { $0 } }
    }

    func crawl(_ site: SampleSite, configure: (inout CrawlOptions) -> Void = { _ in }) async throws -> (CrawlSummary, [String]) {
        var options = site.options()
        options.maxFailureShare = 1
        configure(&options)
        let failures = Failures()
        let summary = try await Crawler(options: options, store: try site.openStore()).run(progress: failures.record)
        return (summary, failures.all)
    }

    @Test("requests the source redirects to another host name are not followed; their tasks fail and are reported")
    func foreignRedirects() async throws {
        let spec = try SampleFaults.Spec(parsing: "redirect=0.1")
        let site = try SampleSite(questions: 15, faults: spec)
        let (summary, failures) = try await crawl(site)
        #expect(summary.redirectsRefused > 0)
        #expect(summary.tasksFailed == summary.redirectsRefused)
        #expect(failures.count == summary.redirectsRefused)
        #expect(failures.allSatisfy { $0.contains("redirectRefused(location: \"http://localhost:\(site.server.port!)/") }, "\(failures)")
        // Replaying the server's fault decisions: a redirected request is never asked again
        // in this crawl (following the redirect would ask the same server under its other name).
        let replay = SampleFaults(spec: spec, seed: SampleSite.faultSeed)
        var redirected = Set<String>()
        for (target, _) in site.log.all {
            #expect(!redirected.contains(target), "\(target) was followed after its redirect")
            if replay.nextFault(for: target) == .redirect { redirected.insert(target) }
        }
        #expect(!redirected.isEmpty)
    }

    @Test("gzip bombs and bodies past the caps fail only their own tasks, named by cause, and the crawl finishes")
    func bombsAndHugeBodies() async throws {
        let site = try SampleSite(questions: 15, faults: try SampleFaults.Spec(parsing: "bomb=0.05,huge=0.05,bomb-mb=32,huge-mb=32"))
        let (summary, failures) = try await crawl(site) { options in
            options.maxResponseBytes = 1 << 20
            options.maxAssetBytes = 1 << 20
        }
        #expect(summary.bodiesRefused > 0)
        #expect(failures.contains { $0.contains("compressedBody(encoding: \"gzip\")") }, "\(failures)")
        #expect(failures.contains { $0.contains("tooLarge(limit: 1048576)") }, "\(failures)")
    }

    @Test("a source that trickles heads and bodies has each request cut at its deadline, and retries get the rest")
    func trickles() async throws {
        // The shortest deadline there is (whole seconds, crawl.deadlineSeconds). A head has five
        // lines or more (status, Content-Type, Date, Content-Length, the blank line), so at 0.6 s
        // a line it takes 3 s or more, three times the deadline, and a body of twenty bytes or
        // more twelve times; its first line still arrives within the deadline. A plain loopback
        // answer comes far within a second; one that does not on a loaded machine is retried.
        let site = try SampleSite(questions: 8, faults: try SampleFaults.Spec(parsing: "trickle=0.04,trickle-head=0.04,trickle-ms=600"))
        let (summary, failures) = try await crawl(site) { $0.deadline = .seconds(1) }
        #expect(summary.retries > 0)
        #expect(failures.isEmpty, "\(failures)")
        #expect(try site.openStore().counts() == StoreCounts(SampleStats(site.community)))
    }

    @Test("a source whose every answer is a gzip bomb stops the crawl at the login, with the compression as the cause")
    func everythingBombed() async throws {
        let site = try SampleSite(questions: 3, faults: try SampleFaults.Spec(parsing: "bomb=1,bomb-mb=16"))
        do {
            _ = try await crawl(site)
            Issue.record("the crawl went on")
        } catch {
            guard let error = error as? CrawlError, case .loginFailed(let cause) = error.reason else { Issue.record("\(error)"); return }
            #expect(cause.reason == .compressedBody(encoding: "gzip"))
        }
    }
}
