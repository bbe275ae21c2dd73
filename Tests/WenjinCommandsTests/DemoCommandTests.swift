import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Glibc
import Synchronization
import Testing
import WenjinTestSupport

/// `wenjin demo` as a user runs it, twice in the same folder: a subprocess of the built binary,
/// stopped with SIGINT (Ctrl-C) once it serves. It crawls a community of `questions` instead of
/// the default 500: what the test checks does not depend on the size, and crawling and building
/// 500 questions twice made it the suite's longest test.
@Suite("wenjin demo", .tags(.endToEnd), EndToEnd.skippable)
struct DemoCommandTests {
    static let questions = 100

    /// The `wenjin` binary built beside the test bundle.
    static var binary: URL {
        let folder = (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).deletingLastPathComponent()
        return folder.appendingPathComponent("wenjin")
    }

    /// One run: waits (up to 3 minutes) for the preview's address, lets `check` look at it, then
    /// interrupts and returns what it printed and its exit status.
    static func runDemo(in root: URL, check: (URL) async throws -> Void) async throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["demo", "--questions", "\(questions)"]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let printed = Mutex("")
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            printed.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        var preview: URL?
        for _ in 0..<1800 where preview == nil && process.isRunning {
            let text = printed.withLock { $0 }
            if let match = text.firstMatch(of: /Preview \(drafts included\) at (http:\/\/[^\s]+)/) {
                preview = URL(string: String(match.output.1))
            } else {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        let url = try #require(preview, "demo did not start serving: \(printed.withLock { $0 })")
        try await check(url)
        kill(process.processIdentifier, SIGINT)
        for _ in 0..<300 where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        #expect(!process.isRunning, "demo did not stop on SIGINT within 30 s")
        process.waitUntilExit()
        output.fileHandleForReading.readabilityHandler = nil
        return (printed.withLock { $0 }, process.terminationStatus)
    }

    /// A new folder with the repository's theme linked in and the tests' site.json.
    static func demoFolder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Themes"),
                                                   withDestinationURL: ServeSite.packageRoot.appendingPathComponent("Themes"))
        try ServeSite.copySiteJSON(to: root)
        return root
    }

    static func get(_ url: URL) async throws -> String {
        String(decoding: try await URLSession(configuration: .ephemeral).data(from: url).0, as: UTF8.self)
    }

    @Test("Demo crawls, adds sample drafts, publishes without them and previews with them; a second run crawls only what changed",
          .enabled(if: FileManager.default.isExecutableFile(atPath: binary.path), "needs the wenjin binary (swift build)"),
          .timeLimit(.minutes(20)))
    func demoRunsTwice() async throws {
        let root = try Self.demoFolder()
        defer { try? FileManager.default.removeItem(at: root) }

        let first = try await Self.runDemo(in: root) { url in
            let index = try await Self.get(url.appendingPathComponent("drafts/index.html"))
            #expect(index.contains("北洋园校区的自习室几点关门"), "\(index)")
            let draft = try await Self.get(url.appendingPathComponent("drafts/q1.html"))
            #expect(draft.contains(/src="\.\.\/drafts\/images\/[0-9a-f]{64}\.(jpg|png)"/), "the sample draft's picture")
        }
        #expect(first.status == 0)
        #expect(first.output.contains("store: \(Self.questions) questions"), "\(first.output)")
        #expect(first.output.contains("added two sample drafts"))
        let published = root.appendingPathComponent("_site")
        #expect(first.output.contains(published.appendingPathComponent("index.html").absoluteString))
        let paths = try FileManager.default.subpathsOfDirectory(atPath: published.path).filter { $0.hasSuffix(".html") }
        #expect(paths.count > Self.questions)
        for path in paths {
            let page = try String(contentsOf: published.appendingPathComponent(path), encoding: .utf8)
            #expect(!page.contains("北洋园校区的自习室几点关门") && !page.contains("草稿 · 未发布"), "\(path)")
        }

        let second = try await Self.runDemo(in: root) { url in
            let index = try await Self.get(url.appendingPathComponent("drafts/index.html"))
            #expect(index.contains("北洋园校区的自习室几点关门"))
        }
        #expect(second.status == 0)
        #expect(!second.output.contains("added two sample drafts"), "draft.db already held drafts")
        let requests = { (text: String) in text.firstMatch(of: /crawled[^:]*: (\d+) requests/).flatMap { Int($0.output.1) } ?? -1 }
        #expect(requests(second.output) >= 0 && requests(second.output) * 4 < requests(first.output),
                "the second crawl is incremental: \(second.output)")
    }

    /// Ctrl-C once the crawl is over, while the demo builds: nobody waits for a signal then, and
    /// the demo used to lose it and serve until a second Ctrl-C. It must end by itself, without serving.
    @Test("Ctrl-C while the demo builds ends the demo after the build instead of serving",
          .enabled(if: FileManager.default.isExecutableFile(atPath: binary.path), "needs the wenjin binary (swift build)"),
          .timeLimit(.minutes(10)))
    func interruptDuringBuild() async throws {
        let root = try Self.demoFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let process = Process()
        process.executableURL = Self.binary
        process.arguments = ["demo", "--questions", "\(Self.questions)"]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let printed = Mutex("")
        let signalled = Mutex(false)
        // Signalled from the handler, the moment the crawl's summary arrives: the build comes next.
        output.fileHandleForReading.readabilityHandler = { handle in
            let text = printed.withLock { $0 += String(decoding: handle.availableData, as: UTF8.self); return $0 }
            if text.contains("store: \(Self.questions) questions"), signalled.withLock({ done in defer { done = true }; return !done }) {
                kill(process.processIdentifier, SIGINT)
            }
        }
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        for _ in 0..<1800 where process.isRunning { try await Task.sleep(for: .milliseconds(100)) }
        let stopped = !process.isRunning
        if stopped { process.waitUntilExit() }
        output.fileHandleForReading.readabilityHandler = nil
        let text = printed.withLock { $0 }
        #expect(signalled.withLock { $0 }, "the crawl's summary never came: \(text)")
        #expect(stopped, "demo still running 3 minutes after it started, with one Ctrl-C: \(text)")
        #expect(!stopped || process.terminationStatus == 0)
        #expect(text.contains("interrupted: the demo stopped before the preview"), "\(text)")
        #expect(!text.contains("Preview (drafts included) at"), "\(text)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("_site/index.html").path),
                "the build the signal arrived in was finished: \(text)")
    }
}
