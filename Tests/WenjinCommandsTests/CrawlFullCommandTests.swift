import Foundation
import Testing
import WenjinSample
@testable import WenjinCommands

/// `wenjin crawl --full` re-verifies the whole archive, and every crawl after the first says what
/// it found changed.
@Suite("wenjin crawl --full")
struct CrawlFullCommandTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `wenjin crawl --source <server> extra…` in `root` against a sample community on `port`
    /// (0: a free one; the same port again, as bodies name their host). Returns the port too.
    static func crawl(_ options: SampleCommunity.Options, in root: URL, port: Int = 0, _ extra: String...)
        async throws -> (ExitCode, String, port: Int) {
        let community = SampleCommunity(options)
        let server = SampleServer(api: SampleAPI(community: community), port: port)
        let port = try server.start()
        defer { server.stop() }
        let (console, captured) = Console.capturing()
        let code = await WenjinMain.run(
            ["crawl", "--source", "http://127.0.0.1:\(port)"] + extra, console: console, workingDirectory: root,
            environment: ["WENJIN_USER": community.users[0].userName, "WENJIN_PASSWORD": SampleAPI.password])
        return (code, captured.output, port)
    }

    @Test("after a first crawl that reports no changes, --full re-verifies everything and names each change it found")
    func fullCrawlReportsChanges() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-crawl-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("site.json"),
                                         to: root.appendingPathComponent("site.json"))

        let (firstCode, first, port) = try await Self.crawl(.init(seed: 2015, questions: 30), in: root)
        #expect(firstCode == .success)
        #expect(!first.contains("changes found"), "a first crawl has nothing to compare with")

        let changed = SampleCommunity.Options(seed: 2015, questions: 30, deletedQuestions: 1, newComments: 1, editedProfiles: 1)
        let (code, output, _) = try await Self.crawl(changed, in: root, port: port, "--full")
        #expect(code == .success)
        let community = SampleCommunity(changed)
        let items = community.questions.count + community.users.count + community.articles.count
        #expect(output.contains("\n\(items) stored items re-verified against the source\n"), "\(output)")
        #expect(output.contains("\nchanges found: 1 deleted upstream, 1 new comments, 1 profiles changed\n"), "\(output)")
    }
}
