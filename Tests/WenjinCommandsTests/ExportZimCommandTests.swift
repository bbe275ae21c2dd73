import Foundation
import Testing
import WenjinDrafts
import WenjinSite
import WenjinStore
@testable import WenjinCommands
import WenjinTestSupport

private let zimTools = ["/usr/bin/zimcheck", "/usr/bin/zimdump"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

/// `wenjin export zim`, checked with Debian's zim-tools and kiwix-serve.
@Suite("wenjin export zim", .tags(.endToEnd), EndToEnd.skippable, .enabled(if: zimTools && KiwixServe.installed, "needs zim-tools and kiwix-tools"))
struct ExportZimCommandTests {
    @Test("An exported sample archive passes zimcheck -A with the home page as its main page", .timeLimit(.minutes(20)))
    func zimcheckPasses() async throws {
        let zim = try await SharedZimExports.archive(questions: 30)
        let check = try await ZimSite.tool("/usr/bin/zimcheck", ["-A", zim.path])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.contains("Overall Test Status: Pass"), "\(check.output)")
        let info = try await ZimSite.tool("/usr/bin/zimdump", ["info", zim.path])
        #expect(info.output.contains("main page: index.html"), "\(info.output)")
    }

    @Test("The metadata read back through kiwix-serve equal site.json's zim section, and the illustration is the theme's icon",
          .timeLimit(.minutes(20)))
    func metadataReadBack() async throws {
        let site = try await ZimSite(questions: 5)
        let zim = try await site.export(as: "metadata.zim")
        let server = try await KiwixServe(zim: zim)
        defer { server.stop() }
        let today = String(ISO8601DateFormatter().string(from: Date()).prefix(10))
        let expected: [String: String] = [
            "Name": "wenjin-sample_zh_all", "Title": "问津样例", "Description": "问津样例社区的离线问答存档",
            "LongDescription": "天津大学问津社区的问题、回答、文章与评论，供离线阅读。", "Language": "zho",
            "Creator": "问津样例社区", "Publisher": "wenjin 测试", "Date": today, "Tags": "wenjin;问答;_category:other",
            "Source": "https://wenjin.example.edu/", "Flavour": "maxi",
        ]
        for (name, value) in expected {
            let read = try await server.get("raw/\(server.book)/meta/\(name)")
            #expect(read.status == 200 && read.body == value, "\(name): \(read.body.prefix(200))")
        }
        let icon = try await server.fetch("raw/\(server.book)/meta/Illustration_48x48@1").data
        #expect(icon == FileManager.default.contents(atPath: ServeSite.packageRoot.appendingPathComponent("Themes/default/assets/icon-48.png").path))
    }

    @Test("Kiwix's random page opens only questions and articles, the front articles", .timeLimit(.minutes(20)))
    func randomPageIsFrontArticle() async throws {
        let server = try await KiwixServe(zim: try await SharedZimExports.archive(questions: 20))
        defer { server.stop() }
        for _ in 0..<20 {
            // URLSession follows kiwix-serve's redirect to the random entry.
            let path = try await server.fetch("random?content=\(server.book)").url?.path ?? ""
            #expect(path.contains("/questions/") || path.contains("/articles/"), "\(path)")
        }
    }

    @Test("Without --output the file is named after zim.name, language and month, beside the built site", .timeLimit(.minutes(20)))
    func defaultFileName() async throws {
        let site = try await ZimSite(questions: 3)
        let result = await site.run("export", "zim")
        #expect(result.exitCode == .success, "\(result.error)")
        let month = String(ISO8601DateFormatter().string(from: Date()).prefix(7))
        let file = site.root.appendingPathComponent("wenjin-sample_zh_all_\(month).zim")
        #expect(FileManager.default.fileExists(atPath: file.path), "\(result.output)")
        #expect(result.output.contains("Wrote \(file.path)"))
    }

    @Test("A site built for a web host (build.hosting) exports without its .gz and .br siblings and _headers, which Kiwix does not use",
          .timeLimit(.minutes(20)))
    func hostingFilesLeftOut() async throws {
        let site = try await ZimSite(questions: 5)
        try site.editBuildSection { $0["hosting"] = [String: Any]() }
        let zim = try await site.export(as: "hosted.zim")

        let list = try await ZimSite.tool("/usr/bin/zimdump", ["list", zim.path])
        let entries = list.output.split(separator: "\n").map(String.init)
        #expect(entries.contains("index.html"), "\(list.output.prefix(500))")
        let hostOnly = entries.filter { $0.hasSuffix(".gz") || $0.hasSuffix(".br") || $0 == "_headers" }
        #expect(hostOnly.isEmpty, "\(hostOnly.prefix(10))")
    }

    @Test("An export renders straight into the ZIM: it writes no output folder, so it works where none could be written",
          .timeLimit(.minutes(20)))
    func noOutputFolder() async throws {
        let site = try await ZimSite(questions: 5)
        // A file where the output folder's parent would be: no build can write there, root or not.
        try Data("不是文件夹".utf8).write(to: site.root.appendingPathComponent("blocked"))
        try site.editBuildSection { $0["outputDirectory"] = "blocked/_site" }
        let zim = try await site.export(as: "streamed.zim")
        let left = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("_site") }
        #expect(left.isEmpty, "\(left)")

        let list = try await ZimSite.tool("/usr/bin/zimdump", ["list", zim.path])
        let entries = list.output.split(separator: "\n").map(String.init)
        #expect(entries.contains("index.html"), "\(list.output.prefix(500))")
        #expect(entries.contains(ZimSite.iconPath), "\(list.output.prefix(500))")
        #expect(entries.filter { $0.hasPrefix("questions/") }.count >= 5, "\(list.output.prefix(500))")
    }

    @Test("An exported ZIM holds no draft, no taken-down question and no anonymous post's author", .timeLimit(.minutes(20)))
    func privacyOfEntries() async throws {
        let site = try await ZimSite(questions: 40)
        let questions = try site.site.store.read { try $0.questions() }
        let titles = Dictionary(grouping: questions.map(\.title), by: { $0 }).mapValues(\.count)
        let takenDown = try #require(questions.first { titles[$0.title] == 1 })
        try Data(#"{"questions": [\#(takenDown.id.rawValue)]}"#.utf8).write(to: site.root.appendingPathComponent("takedowns.json"))
        try DraftDatabase(configured: site.site.draftFile).add(QuestionDraft(title: "只在草稿里的问题标题", body: DraftBody(text: "草稿正文")))
        // A drafts build first: the export must publish without its pages all the same.
        #expect(await site.run("build", "--drafts").exitCode == .success)
        let zim = try await site.export(as: "private.zim")

        let dump = site.root.appendingPathComponent("dump")
        let dumped = try await ZimSite.tool("/usr/bin/zimdump", ["dump", "--dir=\(dump.path)", zim.path])
        #expect(dumped.status == 0, "\(dumped.output)")
        let forbidden = try ForbiddenContent.gather(store: site.site.store, config: site.site.config)
        #expect(!forbidden.isEmpty)
        let report = try PrivacyCheck(root: dump, forbidden: forbidden).run()
        #expect(report.files > 30)
        #expect(report.passed, "\(report.findings)")
        let everything = try FileManager.default.subpathsOfDirectory(atPath: dump.path).compactMap {
            FileManager.default.contents(atPath: dump.appendingPathComponent($0).path)
        }
        #expect(!everything.contains { String(decoding: $0, as: UTF8.self).contains("只在草稿里的问题标题") })
    }

    @Test("An export is refused, and leaves no file, when a file of the site lets out a taken-down question's title", .timeLimit(.minutes(20)))
    func leakRefused() async throws {
        let site = try await ZimSite(questions: 12)
        let questions = try site.site.store.read { try $0.questions() }
        let titles = Dictionary(grouping: questions.map(\.title), by: { $0 }).mapValues(\.count)
        let takenDown = try #require(questions.first { titles[$0.title] == 1 && $0.title.count >= 6 && !$0.title.contains { "<>&\"'".contains($0) } })
        try Data(#"{"questions": [\#(takenDown.id.rawValue)]}"#.utf8).write(to: site.root.appendingPathComponent("takedowns.json"))
        // Public/ is copied into the site as it is: the one way a build publishes a withheld text.
        let publicFolder = site.root.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: publicFolder, withIntermediateDirectories: true)
        try Data("<p>\(takenDown.title)</p>".utf8).write(to: publicFolder.appendingPathComponent("notes.html"))

        let result = await site.run("export", "zim", "--output", "leak.zim")
        #expect(result.exitCode == .failure)
        #expect(result.error.contains("refusing to export"), "\(result.error)")
        #expect(result.error.contains("notes.html"), "\(result.error)")
        let left = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains("leak.zim") }
        #expect(left.isEmpty, "\(left)")
    }
}
