import Foundation
import Testing
import WenjinSample
import WenjinSite
import WenjinStore
@testable import WenjinCommands

/// A site folder in a real temporary folder — the repository's theme copied, its site.json
/// copied (the sample community is crawled without delay) — holding a store that `wenjin crawl` filled from the sample server over loopback.
final class ServeSite: Sendable {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    let root: URL
    let config: SiteConfig
    let store: Store
    var draftFile: URL { root.appendingPathComponent("draft.db") }

    /// The theme is copied (a link would reach outside the site folder, which a build refuses
    /// unless site.json allows it), so a test may break it.
    init(questions: Int) async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("Themes"), to: root.appendingPathComponent("Themes"))
        try FileManager.default.copyItem(at: Self.packageRoot.appendingPathComponent("site.json"),
                                         to: root.appendingPathComponent("site.json"))
        let community = SampleCommunity(.init(seed: 2015, questions: questions))
        let server = SampleServer(api: SampleAPI(community: community))
        let port = try server.start()
        defer { server.stop() }
        let (console, captured) = Console.capturing()
        let code = await WenjinMain.run(
            ["crawl", "--source", "http://127.0.0.1:\(port)"], console: console, workingDirectory: root,
            environment: ["WENJIN_USER": community.users[0].userName, "WENJIN_PASSWORD": SampleAPI.password])
        try #require(code == .success, "crawl failed: \(captured.error)")
        config = try SiteConfig.load(root: root)
        store = try Store.openExisting(at: root.appendingPathComponent(".wenjin/cache.sqlite"))
    }

    deinit { try? FileManager.default.removeItem(at: root) }
}
