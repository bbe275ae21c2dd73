import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import WenjinDrafts
import WenjinHTTP
@testable import WenjinCommands

@Suite("wenjin serve")
struct ServeCommandTests {
    /// The status and body of one GET.
    static func get(_ url: URL) async throws -> (status: Int, body: String) {
        let (data, response) = try await URLSession(configuration: .ephemeral).data(from: url)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }

    /// Polls `url` every 50 ms for up to 10 s until its body satisfies `done`; returns the last body.
    static func poll(_ url: URL, until done: (String) -> Bool) async throws -> String {
        var body = ""
        for _ in 0..<200 {
            body = try await get(url).body
            if done(body) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return body
    }

    @Test("A failed rebuild is shown over the pages while the server keeps serving, and the next good one clears it",
          .timeLimit(.minutes(20)))
    func failedRebuildIsShown() async throws {
        let site = try await ServeSite(questions: 10, copyTheme: true)
        try DraftDatabase(configured: site.draftFile).add(QuestionDraft(title: "草稿一", body: DraftBody(text: "正文")))
        let (console, captured) = Console.capturing()
        let preview = try ServeCommand.startPreview(config: site.config, store: site.store, host: "127.0.0.1", ports: [0], console: console)
        defer { preview.server.stop() }
        let page = preview.url.appendingPathComponent("drafts/q1.html")
        #expect(try await Self.get(page).body.contains("草稿一"))

        let template = site.root.appendingPathComponent("Themes/default/templates/draft.mustache")
        let good = try Data(contentsOf: template)
        try Data("{{<layout}}{{$content}}{{#page}}unclosed{{/content}}{{/layout}}".utf8).write(to: template)
        let broken = try await Self.poll(page) { $0.contains("wenjin-build-error") }
        #expect(broken.contains("wenjin-build-error"), "\(broken)")
        #expect(broken.contains("draft.mustache"), "the error names the template")
        #expect(try await Self.get(page).status == 200, "the previous pages are still served")
        #expect(captured.error.contains("rebuild failed"))

        try good.write(to: template)
        let fixed = try await Self.poll(page) { !$0.contains("wenjin-build-error") }
        #expect(!fixed.contains("wenjin-build-error") && fixed.contains("草稿一"))
    }

    @Test("When the first port is taken the preview says so and listens on a free one")
    func takenPortFallsBack() async throws {
        let site = try await ServeSite(questions: 5)
        let (console, captured) = Console.capturing()
        let first = try ServeCommand.startPreview(config: site.config, store: site.store, host: "127.0.0.1", ports: [0], console: console)
        defer { first.server.stop() }
        let taken = try #require(first.url.port)
        let second = try ServeCommand.startPreview(config: site.config, store: site.store, host: "127.0.0.1", ports: [taken, 0],
                                                   console: console)
        defer { second.server.stop() }
        #expect(second.url.port != taken)
        #expect(captured.error.contains("port \(taken) is taken"))
        #expect(try await Self.get(second.url.appendingPathComponent("drafts/index.html")).status == 200)
    }
}
