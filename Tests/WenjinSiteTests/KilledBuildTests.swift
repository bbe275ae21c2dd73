import Foundation
import Testing
import WenjinTestSupport
import WenjinConfig
import WenjinModel
import WenjinStore
@testable import WenjinSite

/// `wenjin build` killed with SIGKILL at any moment leaves either the previous site or the
/// finished new one, never a mixture.
@Suite("Killed build", .tags(.endToEnd), EndToEnd.skippable)
struct KilledBuildTests {
    /// The `wenjin` binary built beside the test bundle.
    static var binary: URL {
        let folder = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).deletingLastPathComponent()
        return folder.appendingPathComponent("wenjin")
    }

    static func buildProcess(in root: URL) throws -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["build"]
        process.currentDirectoryURL = root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test("A build killed at random moments leaves the previous site or the new one, whole", .timeLimit(.minutes(20)))
    func killedBuildLeavesAWholeSite() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the wenjin binary first (swift build)")
        let site = try await SampleCommunityBuildTests.CrawledSite(questions: 120)
        func configure(title: String) throws {
            // The theme is linked from the repository, outside the site folder: allowed explicitly.
            let themes = FixtureSite.packageRoot.appendingPathComponent("Themes").path
            let json = #"{ "baseURL": "https://archive.example.org/", "title": "\#(title)", "#
                + #""build": { "allowOutside": ["/usr/share/javascript", "\#(themes)"] } }"#
            try Data(json.utf8).write(to: site.root.appendingPathComponent("site.json"))
        }
        func snapshot(of folder: URL? = nil) throws -> [String: Data] {
            try FixtureSite.files(under: folder ?? site.output, withLibraries: true)
        }
        // Two titles, shown on every page, so every build rewrites the whole site and a
        // half-published one would be visible; what a full build makes of each.
        let titles = ["问津 · 甲", "问津 · 乙"]
        var sites: [[String: Data]] = []
        for (number, title) in titles.enumerated() {
            try configure(title: title)
            let folder = site.root.appendingPathComponent("fresh-\(number)")
            _ = try SiteBuilder(config: try SiteConfig.load(root: site.root), store: site.store).build(into: folder)
            sites.append(try snapshot(of: folder))
        }
        #expect(sites[0] != sites[1])
        let clock = ContinuousClock()
        let started = clock.now
        let first = try Self.buildProcess(in: site.root)
        await ChildProcessOutput.exit(of: first)
        // The kills land at shares of how long a build takes here: a fixed number of
        // milliseconds misses the build on an optimized binary and on a loaded machine alike.
        // A build that ends before its kill was quicker than that (it may find its output
        // already made in the twin), and the next kills come sooner.
        var buildTime = clock.now - started
        #expect(first.terminationStatus == 0)
        var current = try snapshot()
        #expect(current == sites[1])
        var killedWhileRunning = 0
        for share in [0.05, 0.15, 0.3, 0.5, 0.75, 1.1, 0.2, 0.4] {
            let delay = buildTime * share
            // Each build goes to the other title; killed, it must leave the site as it was.
            let target = current == sites[0] ? 1 : 0
            try configure(title: titles[target])
            let process = try Self.buildProcess(in: site.root)
            try await Task.sleep(for: delay)
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killedWhileRunning += 1
            } else {
                buildTime = min(buildTime, delay)
            }
            await ChildProcessOutput.exit(of: process)
            let now = try snapshot()
            // A build killed after its swap but before it exits leaves the new site, whole too.
            #expect(now == current || now == sites[target], "the build killed at \(delay) left a mixed site")
            current = now
        }
        #expect(killedWhileRunning >= 2)
        // Whatever the killed builds left of the twin, the next build makes what a fresh one does.
        let target = current == sites[0] ? 1 : 0
        try configure(title: titles[target])
        let last = try Self.buildProcess(in: site.root)
        await ChildProcessOutput.exit(of: last)
        #expect(last.terminationStatus == 0)
        #expect(try snapshot() == sites[target])
    }
}
