import Foundation
import Testing
import WenjinTestSupport
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

@Suite("Kill and resume", .tags(.endToEnd), EndToEnd.skippable)
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
                         "backoffBaseSeconds": 0.05, "backoffMaxSeconds": 0.2, "timeoutSeconds": 60 }
            }
            """
        try Data(json.utf8).write(to: site.appendingPathComponent("site.json"))
        return site
    }

    static func crawlProcess(in folder: URL, user: String, output: Pipe? = nil) throws -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["crawl"]
        process.currentDirectoryURL = folder
        process.environment = ["WENJIN_USER": user, "WENJIN_PASSWORD": SampleAPI.password, "PATH": "/usr/bin:/bin"]
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Sends `signal` to the process once the server has seen `count` requests; false when the
    /// process ended first. Polls on a thread of its own: the concurrency pool may be busy with
    /// other tests, and a late wake-up would miss the crawl.
    static func send(_ signal: Int32, to process: Process, atRequest count: Int, log: RequestLog) async -> Bool {
        await withCheckedContinuation { (done: CheckedContinuation<Bool, Never>) in
            DispatchQueue.global().async {
                let deadline = Date().addingTimeInterval(60)
                while log.all.count < count, process.isRunning, Date() < deadline { usleep(1_000) }
                guard process.isRunning else { return done.resume(returning: false) }
                kill(process.processIdentifier, signal)
                done.resume(returning: true)
            }
        }
    }

    @Test("a crawl killed with SIGKILL at random moments, then finished, equals an uninterrupted crawl")
    func killedCrawlResumes() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the wenjin binary first (swift build)")
        let site = try SampleSite(questions: 150)
        let (_, reference) = try await site.crawl("reference")
        site.log.clear()
        let folder = try Self.makeSiteFolder(in: site.folder, source: site.base.text)

        var kills = 0
        for _ in 0..<4 {
            let process = try Self.crawlProcess(in: folder, user: site.userName)
            // A random moment of the crawl, counted in requests so a slow machine kills mid-crawl too.
            if await Self.send(SIGKILL, to: process, atRequest: site.log.all.count + Int.random(in: 20...150), log: site.log) {
                kills += 1
            }
            await ChildProcessOutput.exit(of: process)
        }
        let last = try Self.crawlProcess(in: folder, user: site.userName)
        await ChildProcessOutput.exit(of: last)
        #expect(last.terminationStatus == 0)
        #expect(kills >= 2, "the crawl finished before it could be killed")

        let resumed = try Store.openExisting(at: folder.appendingPathComponent(".wenjin").appendingPathComponent(Store.fileName))
        #expect(try StoreSnapshot(resumed) == StoreSnapshot(reference))
        #expect(try resumed.counts() == StoreCounts(SampleStats(site.community)))
        // Only what was in flight at a kill may be asked for again: at most one task per connection.
        let repeats = Dictionary(grouping: site.log.contentTargets, by: { $0 }).values.filter { $0.count > 1 }
        #expect(repeats.count <= kills * 4, "\(repeats.count) targets fetched twice after \(kills) kills")
    }

    @Test("Ctrl-C stops a crawl cleanly, says how to go on, and the next crawl finishes it")
    func interruptStopsCleanly() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the wenjin binary first (swift build)")
        // 150 questions take some 800 requests: Ctrl-C at the 300th lands well inside the crawl
        // even when the polling thread wakes late on a loaded machine.
        let site = try SampleSite(questions: 150)
        let folder = try Self.makeSiteFolder(in: site.folder, source: site.base.text)
        let output = Pipe()
        let process = try Self.crawlProcess(in: folder, user: site.userName, output: output)
        let interrupted = await Self.send(SIGINT, to: process, atRequest: 300, log: site.log)
        #expect(interrupted, "the crawl ended before Ctrl-C")
        await ChildProcessOutput.exit(of: process)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0)
        #expect(text.contains("run `wenjin crawl` again to go on"), "\(text)")

        let last = try Self.crawlProcess(in: folder, user: site.userName)
        await ChildProcessOutput.exit(of: last)
        let store = try Store.openExisting(at: folder.appendingPathComponent(".wenjin").appendingPathComponent(Store.fileName))
        #expect(try store.counts() == StoreCounts(SampleStats(site.community)))
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
