import Foundation
import Testing
import WenjinDrafts
@testable import WenjinCommands

/// draft.db may come from anywhere: what its drafts hold is printed with control characters
/// escaped, so a title cannot clear the screen, rewrite earlier lines or retitle the terminal.
@Suite("wenjin drafts list|show: control characters")
struct DraftsTerminalTextTests {
    static let hostileTitle = "标题\u{1B}]0;owned\u{07}\u{1B}[2J\r伪造\u{202E}txt.exe"
    static let escapedTitle = "标题\\u{1B}]0;owned\\u{7}\\u{1B}[2J\\u{D}伪造\\u{202E}txt.exe"

    @Test("list and show print a title's, a topic's and a body's escape sequences as \\u{…}, keeping the body's lines")
    func controlsAreEscaped() async throws {
        let folder = try DraftsCommandTests.siteFolder()
        let database = DraftDatabase(configured: folder.appendingPathComponent("drafts/draft.db"))
        try database.add(QuestionDraft(title: Self.hostileTitle, body: DraftBody(text: "第一行\u{1B}[1A\n第二行\u{9B}31m"),
                                       topics: ["话题\u{1B}[31m"]))
        try database.add(AnswerDraft(questionID: 5, body: DraftBody(text: "回答\u{8}\u{8}\u{7F}")))

        let listed = await DraftsCommandTests.run(folder, "drafts", "list")
        #expect(listed.exitCode == .success)
        #expect(!listed.output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" })
        #expect(listed.output.contains("question  " + Self.escapedTitle + "  [话题\\u{1B}[31m]"))
        #expect(listed.output.contains("answer to 5  回答\\u{8}\\u{8}\\u{7F}"))

        let shown = await DraftsCommandTests.run(folder, "drafts", "show", "q1")
        #expect(shown.output.contains("title: " + Self.escapedTitle + "\n"))
        #expect(shown.output.hasSuffix("\n\n第一行\\u{1B}[1A\n第二行\\u{9B}31m\n"))
    }
}
