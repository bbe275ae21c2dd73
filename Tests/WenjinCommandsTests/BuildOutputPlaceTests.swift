import Foundation
import Testing
import WenjinDrafts
import WenjinSample
@testable import WenjinCommands

/// `wenjin build --output` never deletes or overwrites a file it did not write: every place that
/// holds the site's own files or the user's is refused, with exit 1 and every byte left as it was.
@Suite("wenjin build --output places")
struct BuildOutputPlaceTests {
    /// `outer/projects/site`: a crawled site folder (5 sample questions, the theme copied in),
    /// with `Public/`, a draft, and a folder of the user's own files beside the site.
    final class Nest: Sendable {
        let outer: URL
        let root: URL

        init() async throws {
            outer = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-place-\(UUID().uuidString)")
            root = outer.appendingPathComponent("projects/site")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("Public/docs"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: ServeSite.packageRoot.appendingPathComponent("Themes"),
                                             to: root.appendingPathComponent("Themes"))
            try FileManager.default.copyItem(at: ServeSite.packageRoot.appendingPathComponent("site.json"),
                                             to: root.appendingPathComponent("site.json"))
            try Data("关于本站".utf8).write(to: root.appendingPathComponent("Public/docs/about.txt"))
            try DraftDatabase(configured: root.appendingPathComponent("draft.db")).add(QuestionDraft(title: "草稿", body: DraftBody(text: "正文")))
            let mine = root.appendingPathComponent("mine")
            try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
            try Data("my thesis".utf8).write(to: mine.appendingPathComponent("thesis.tex"))
            try Data("notes".utf8).write(to: outer.appendingPathComponent("projects/notes.txt"))
            let community = SampleCommunity(.init(seed: 2015, questions: 5))
            let server = SampleServer(api: SampleAPI(community: community))
            let port = try server.start()
            defer { server.stop() }
            let crawl = await Self.run(["crawl", "--source", "http://127.0.0.1:\(port)"], in: root, environment: [
                "WENJIN_USER": community.users[0].userName, "WENJIN_PASSWORD": SampleAPI.password])
            try #require(crawl.exitCode == .success, "crawl failed: \(crawl.error)")
        }

        deinit { try? FileManager.default.removeItem(at: outer) }

        static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) async -> WenjinRun {
            let (console, captured) = Console.capturing()
            let code = await WenjinMain.run(arguments, console: console, workingDirectory: folder, environment: environment)
            return WenjinRun(exitCode: code, output: captured.output, error: captured.error)
        }

        func build(_ output: String) async -> WenjinRun {
            await Self.run(["build", "--output", output], in: root)
        }

        /// Every entry under `outer`: a file's bytes, a link's target, or that it is a folder.
        func snapshot() throws -> [String: Data] {
            var entries: [String: Data] = [:]
            let walker = FileManager.default.enumerator(atPath: outer.path)
            while let relative = walker?.nextObject() as? String {
                let path = outer.appendingPathComponent(relative).path
                let attributes = try FileManager.default.attributesOfItem(atPath: path)
                switch attributes[.type] as? FileAttributeType {
                case .typeSymbolicLink: entries[relative] = Data(("link " + (try FileManager.default.destinationOfSymbolicLink(atPath: path))).utf8)
                case .typeDirectory: entries[relative] = Data("folder".utf8)
                default: entries[relative] = try Data(contentsOf: URL(fileURLWithPath: path))
                }
            }
            return entries
        }
    }

    @Test("build --output at the site's own folders, the user's files or a folder holding the site exits 1 and leaves every byte")
    func forbiddenPlacesAreRefused() async throws {
        let nest = try await Nest()
        try FileManager.default.createSymbolicLink(at: nest.root.appendingPathComponent("store-link"),
                                                   withDestinationURL: nest.root.appendingPathComponent(".wenjin"))
        let places = [".", "..", "../..", nest.root.path, ".wenjin", ".wenjin/assets", "store-link", "Public/../.wenjin",
                      "Themes/default", "Themes", "Public", "Public/docs", "draft.db", "site.json", "mine"]
        let before = try nest.snapshot()
        for place in places {
            let run = await nest.build(place)
            #expect(run.exitCode == .failure, "--output \(place): \(run.output)")
            #expect(run.error.contains("refusing to write the site there") && run.error.contains("nothing was changed"),
                    "--output \(place): \(run.error)")
            #expect(try nest.snapshot() == before, "--output \(place) changed files")
        }
        let named = await nest.build("mine")
        #expect(named.error.contains("thesis.tex"))
    }

    @Test("A folder of the user's files at the twin's place is refused and kept, while a new, empty or earlier output is built")
    func twinOfTheUserIsKept() async throws {
        let nest = try await Nest()
        let twin = nest.root.appendingPathComponent(".out.previous")
        try FileManager.default.createDirectory(at: twin, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: twin.appendingPathComponent("keep.txt"))
        let refused = await nest.build("out")
        #expect(refused.exitCode == .failure)
        #expect(refused.error.contains(".out.previous"))
        #expect(try Data(contentsOf: twin.appendingPathComponent("keep.txt")) == Data("keep me".utf8))
        #expect(!FileManager.default.fileExists(atPath: nest.root.appendingPathComponent("out").path))

        try FileManager.default.createDirectory(at: nest.root.appendingPathComponent("empty"), withIntermediateDirectories: true)
        for place in ["fresh", "empty", "fresh", "empty", "_site", "_site"] {
            let run = await nest.build(place)
            #expect(run.exitCode == .success, "--output \(place): \(run.error)")
            #expect(FileManager.default.fileExists(atPath: nest.root.appendingPathComponent(place + "/index.html").path))
        }
    }

    @Test("A file added by hand to an earlier output is named and kept, not removed; moved to Public/ it is published")
    func handAddedFileIsKept() async throws {
        let nest = try await Nest()
        #expect(await nest.build("_site").exitCode == .success)
        #expect(await nest.build("_site").exitCode == .success)
        let added = nest.root.appendingPathComponent("_site/CNAME")
        try Data("archive.example.org".utf8).write(to: added)
        let refused = await nest.build("_site")
        #expect(refused.exitCode == .failure)
        #expect(refused.error.contains("holds files that no wenjin build wrote (CNAME)"), "\(refused.error)")
        #expect(try Data(contentsOf: added) == Data("archive.example.org".utf8))

        try FileManager.default.moveItem(at: added, to: nest.root.appendingPathComponent("Public/CNAME"))
        let built = await nest.build("_site")
        #expect(built.exitCode == .success, "\(built.error)")
        #expect(try Data(contentsOf: added) == Data("archive.example.org".utf8))
    }
}
