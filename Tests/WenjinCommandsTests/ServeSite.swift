import Foundation
import Testing
import WenjinConfig
import WenjinSample
import WenjinSite
import WenjinStore
import WenjinTestSupport
@testable import WenjinCommands

/// A site folder in a real temporary folder — the repository's theme linked (and allowed by
/// build.allowOutside), its site.json copied (the sample community is crawled without delay) —
/// holding a store that `wenjin crawl` filled from the sample server over loopback (once per
/// size and test process, then copied).
final class ServeSite: Sendable {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    let root: URL
    let config: SiteConfig
    let store: Store
    var draftFile: URL { root.appendingPathComponent("draft.db") }

    /// `copyTheme`: a copy of the theme the test may break, instead of a link to the repository's.
    init(questions: Int, copyTheme: Bool = false) async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let themes = Self.packageRoot.appendingPathComponent("Themes")
        if copyTheme {
            try FileManager.default.copyItem(at: themes, to: root.appendingPathComponent("Themes"))
        } else {
            try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Themes"), withDestinationURL: themes)
        }
        try Self.copySiteJSON(to: root)
        try FileManager.default.copyItem(at: try await Self.crawledStore(questions: questions), to: root.appendingPathComponent(".wenjin"))
        config = try SiteConfig.load(root: root)
        store = try Store.openExisting(at: root.appendingPathComponent(".wenjin/cache.sqlite"))
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// The `.wenjin` folder of a site folder where `wenjin crawl` crawled a sample of `questions`
    /// questions; made once per test process (`SharedFixtureFolders`), tests copy it.
    private static func crawledStore(questions: Int) async throws -> URL {
        try await SharedFixtureFolders.shared.folder("serve-site-\(questions)") { root in
            let themes = packageRoot.appendingPathComponent("Themes")
            try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("Themes"), withDestinationURL: themes)
            try copySiteJSON(to: root)
            let community = SampleCommunity(.init(seed: 2015, questions: questions))
            let server = SampleServer(api: SampleAPI(community: community))
            let port = try server.start()
            defer { server.stop() }
            let (console, captured) = Console.capturing()
            let code = await WenjinMain.run(
                ["crawl", "--source", "http://127.0.0.1:\(port)"], console: console, workingDirectory: root,
                environment: ["WENJIN_USER": community.users[0].userName, "WENJIN_PASSWORD": SampleAPI.password])
            try #require(code == .success, "crawl failed: \(captured.error)")
        }.appendingPathComponent(".wenjin")
    }

    /// The repository's site.json, copied into `root` with the repository's `Themes/` added to
    /// `build.allowOutside`, so a site folder may link the theme from there.
    static func copySiteJSON(to root: URL) throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("site.json"))
        guard var json = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { return }
        var build = json["build"] as? [String: Any] ?? [:]
        build["allowOutside"] = ["/usr/share/javascript", packageRoot.appendingPathComponent("Themes").path]
        json["build"] = build
        try JSONSerialization.data(withJSONObject: json).write(to: root.appendingPathComponent("site.json"))
    }
}
