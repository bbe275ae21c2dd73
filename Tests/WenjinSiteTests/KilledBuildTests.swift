import Foundation
import Testing
import WenjinModel
import WenjinStore
@testable import WenjinSite

/// `wenjin build` killed with SIGKILL at any moment leaves either the previous site or the
/// finished new one, never a mixture.
@Suite("Killed build")
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

    @Test("A build killed at random moments leaves the previous site or the new one, whole", .timeLimit(.minutes(3)))
    func killedBuildLeavesAWholeSite() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary.path), "build the wenjin binary first (swift build)")
        let site = try await SampleCommunityBuildTests.CrawledSite(questions: 120)
        try Data(#"{ "baseURL": "https://archive.example.org/" }"#.utf8).write(to: site.root.appendingPathComponent("site.json"))
        func snapshot(of folder: URL? = nil) throws -> [String: Data] {
            let folder = folder ?? site.output
            var files: [String: Data] = [:]
            for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) {
                let url = folder.appendingPathComponent(path)
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                    files[path] = try Data(contentsOf: url)
                }
            }
            return files
        }
        let first = try Self.buildProcess(in: site.root)
        first.waitUntilExit()
        #expect(first.terminationStatus == 0)
        let old = try snapshot()
        // A change that shows on many pages, so a half-published site would be visible.
        try site.store.write { writer in
            for question in try writer.reader.questions().prefix(20) {
                var changed = question
                changed.title += "（改）"
                try writer.upsert(changed)
            }
        }
        var killedWhileRunning = 0
        // What each killed build left, judged once the new site is known: a build killed after
        // its swap but before it exits leaves the new site, which is whole too.
        var left: [(delay: Int, files: [String: Data])] = []
        for delay in [20, 60, 120, 200, 300, 450] {
            let process = try Self.buildProcess(in: site.root)
            try await Task.sleep(for: .milliseconds(delay))
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                killedWhileRunning += 1
            }
            process.waitUntilExit()
            left.append((delay, try snapshot()))
        }
        #expect(killedWhileRunning >= 2)
        let last = try Self.buildProcess(in: site.root)
        last.waitUntilExit()
        #expect(last.terminationStatus == 0)
        let new = try snapshot()
        #expect(new != old)
        #expect(new.keys.sorted() == old.keys.sorted())
        for (delay, files) in left {
            #expect(files == old || files == new, "the build killed at \(delay) ms left a mixed site")
        }
        // Whatever the killed builds left of the twin, the site is what a fresh build makes.
        let fresh = site.root.appendingPathComponent("fresh")
        _ = try SiteBuilder(config: try SiteConfig.load(root: site.root), store: site.store).build(into: fresh)
        #expect(try snapshot(of: fresh) == new)
    }
}
