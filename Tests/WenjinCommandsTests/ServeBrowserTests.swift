import Foundation
import Testing
import WenjinTestSupport
import WenjinDrafts
@testable import WenjinCommands

/// `wenjin serve` in a real browser: an open page reloads by itself when draft.db changes.
/// The page opens in the test process's one headless Chromium (`HeadlessChromium`).
@Suite("wenjin serve in headless Chromium", .tags(.endToEnd), EndToEnd.skippable, .enabled(if: HeadlessChromium.installed, "needs chromium"))
struct ServeBrowserTests {
    @Test("The open drafts index reloads by itself after a draft is saved and lists the new draft", .timeLimit(.minutes(20)))
    func draftsIndexReloadsItself() async throws {
        let site = try await ServeSite(questions: 20)
        let drafts = DraftDatabase(configured: site.draftFile)
        try drafts.add(QuestionDraft(title: "第一个草稿", body: DraftBody(text: "正文一")))
        let (console, _) = Console.capturing()
        let preview = try ServeCommand.startPreview(config: site.config, store: site.store, host: "127.0.0.1", ports: [0], console: console)
        defer { preview.server.stop() }

        let browser = HeadlessChromium.shared
        let page = try await browser.open(preview.url.appendingPathComponent("drafts/index.html"))
        do {
            // The draft is saved once the browser shows the page: its reload can only come from the server.
            let before = try await browser.value(of: Self.text(once: "第一个草稿"), in: page)
            #expect(!before.contains("浏览器开着时保存的草稿"))
            try drafts.add(QuestionDraft(title: "浏览器开着时保存的草稿", body: DraftBody(text: "正文二")))
            let after = try await browser.value(of: Self.text(once: "浏览器开着时保存的草稿"), in: page)
            #expect(after.contains("第一个草稿"), "\(after)")
        } catch {
            await browser.close(page)
            throw error
        }
        await browser.close(page)
    }

    /// The page's text once it shows `words`, else null (`HeadlessChromium` asks again).
    static func text(once words: String) -> String {
        "document.body && document.body.innerText.includes('\(words)') ? document.body.innerText : null"
    }
}
