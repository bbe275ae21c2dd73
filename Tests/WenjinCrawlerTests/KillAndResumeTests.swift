import Foundation
import Testing
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

@Suite("Kill and resume")
struct KillAndResumeTests {
    /// The `wenjin` binary built beside the test bundle.
    static var binary: URL {
        let folder = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).deletingLastPathComponent()
        return folder.appendingPathComponent("wenjin")
    }

    /// A site folder whose site.json points at the sample server, crawled without delay.
    static func makeSiteFolder(in folder: URL, source: String) throws -> URL {
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        let json = """
            {
              "source": { "baseURL": "\(source)" },
              "crawl": { "requestsPerSecond": 0, "connectionsPerHost": 4, "retries": 3,
                         "backoffBaseSeconds": 0.05, "backoffMaxSeconds": 0.2, "timeoutSeconds": 5 }
            }
            """
        try Data(json.utf8).write(to: site.appendingPathComponent("site.json"))
        return site
    }

    static func crawlProcess(in folder: URL, user: String) throws -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["crawl"]
        process.currentDirectoryURL = folder
        process.environment = ["WENJIN_USER": user, "WENJIN_PASSWORD": SampleAPI.password, "PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test("a crawl killed with SIGKILL at random moments, then finished, equals an uninterrupted crawl")
    func killedCrawlResumes() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the wenjin binary first (swift build)")
        let site = try SampleSite(questions: 150)
        let (_, reference) = try await site.crawl("reference")
        site.log.clear()
        let folder = try Self.makeSiteFolder(in: site.folder, source: site.base.text)

        var kills = 0
        for _ in 0..<5 {
            let process = try Self.crawlProcess(in: folder, user: site.userName)
            try await Task.sleep(for: .milliseconds(Int.random(in: 150...700)))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills += 1
            }
            process.waitUntilExit()
        }
        let last = try Self.crawlProcess(in: folder, user: site.userName)
        last.waitUntilExit()
        #expect(last.terminationStatus == 0)
        #expect(kills >= 2, "the crawl finished before it could be killed")

        let resumed = try Store.openExisting(at: folder.appendingPathComponent(".wenjin").appendingPathComponent(Store.fileName))
        #expect(try StoreSnapshot(resumed) == StoreSnapshot(reference))
        #expect(try resumed.counts() == StoreCounts(SampleStats(site.community)))
        // Only what was in flight at a kill may be asked for again: at most one task per connection.
        let repeats = Dictionary(grouping: site.log.contentTargets, by: { $0 }).values.filter { $0.count > 1 }
        #expect(repeats.count <= kills * 4, "\(repeats.count) targets fetched twice after \(kills) kills")
    }

    @Test("a crawl stopped at --max-requests resumes and finishes with the same store")
    func budgetStopResumes() async throws {
        let site = try SampleSite(questions: 60)
        let (_, reference) = try await site.crawl("reference")
        site.log.clear()
        let store = try site.openStore()
        var options = site.options()
        options.maxRequests = 80
        var rounds = 0
        while rounds < 50 {
            rounds += 1
            let summary = try await Crawler(options: options, store: store).run()
            if !summary.stoppedEarly { break }
        }
        #expect(rounds > 3)
        #expect(try StoreSnapshot(store) == StoreSnapshot(reference))
        let repeats = Dictionary(grouping: site.log.contentTargets, by: { $0 }).values.filter { $0.count > 1 }
        #expect(repeats.isEmpty)
    }
}
