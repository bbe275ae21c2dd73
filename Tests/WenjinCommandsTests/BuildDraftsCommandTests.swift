import Foundation
import Testing
import WenjinDrafts
@testable import WenjinCommands

@Suite("wenjin build --drafts")
struct BuildDraftsCommandTests {
    @Test("build --drafts adds the draft pages and says it is for preview only; a plain build into the same folder drops them")
    func draftsComeAndGo() async throws {
        let site = try await ServeSite(questions: 5)
        try DraftDatabase(configured: site.draftFile).add(QuestionDraft(title: "命令行里的草稿", body: DraftBody(text: "正文")))
        let output = site.root.appendingPathComponent("out")

        let (console, captured) = Console.capturing()
        let code = await WenjinMain.run(["build", "--drafts", "--output", output.path], console: console,
                                        workingDirectory: site.root, environment: [:])
        #expect(code == .success, "\(captured.error)")
        #expect(captured.output.contains("drafts: 1 question and 0 answer drafts"))
        #expect(captured.output.contains("do not publish this folder"))
        let page = try String(contentsOf: output.appendingPathComponent("drafts/q1.html"), encoding: .utf8)
        #expect(page.contains("命令行里的草稿"))

        let (plainConsole, plain) = Console.capturing()
        let plainCode = await WenjinMain.run(["build", "--output", output.path], console: plainConsole,
                                             workingDirectory: site.root, environment: [:])
        #expect(plainCode == .success)
        #expect(!plain.output.contains("drafts:"))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("drafts").path))
    }
}
