import Foundation
import Testing
import WenjinDrafts
@testable import WenjinCommands

@Suite("wenjin drafts")
struct DraftsCommandTests {
    /// A site folder whose site.json names `drafts/draft.db`.
    static func siteFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-drafts-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"drafts": {"path": "drafts/draft.db"}}"#.utf8).write(to: folder.appendingPathComponent("site.json"))
        return folder
    }

    static func run(_ folder: URL, _ arguments: String...) async -> WenjinRun {
        let (console, captured) = Console.capturing()
        let code = await WenjinMain.run(arguments, console: console, workingDirectory: folder, environment: [:])
        return WenjinRun(exitCode: code, output: captured.output, error: captured.error)
    }

    @Test("drafts new question writes the file site.json names, readable by our reader and by python's plistlib")
    func newQuestionRoundTrip() async throws {
        let folder = try Self.siteFolder()
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 9, 9]
        try Data(png).write(to: folder.appendingPathComponent("figure.png"))
        try Data("为什么天大的猫这么多？\n\n![](figure.png)\n\n有图有真相 🐱\n".utf8).write(to: folder.appendingPathComponent("body.txt"))

        let created = await Self.run(folder, "drafts", "new", "question", "--title", "猫", "--topics", "校园,动物", "--anonymous", "--body", "body.txt")
        #expect(created.exitCode == .success, "\(created.error)")
        #expect(created.output == "q1\n")

        let file = folder.appendingPathComponent("drafts/draft.db")
        let drafts = try DraftDatabase(configured: file).load()
        let draft = try #require(drafts.questions.first)
        #expect(draft.title == "猫")
        #expect(draft.topics == ["校园", "动物"])
        #expect(draft.isAnonymous)
        #expect(draft.body.plainText == "为什么天大的猫这么多？\n\n\u{FFFC}\n\n有图有真相 🐱")
        #expect(draft.body.images.first?.data == Data(png))

        let python = """
            import plistlib, sqlite3, sys
            title, detail, topic, anonymous = sqlite3.connect(sys.argv[1]).execute("select title, detail, topic, anonymous from Question").fetchone()
            archive = plistlib.loads(detail); objects = archive["$objects"]
            string = objects[objects[archive["$top"]["root"].data]["NSString"].data]["NS.string"]
            topics = plistlib.loads(topic); names = [topics["$objects"][u.data] for u in topics["$objects"][topics["$top"]["root"].data]["NS.objects"]]
            print(repr((title, string, names, anonymous)))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", python, file.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(output == "('猫', '为什么天大的猫这么多？\\n\\n\u{FFFC}\\n\\n有图有真相 🐱', ['校园', '动物'], 1)\n")

        let shown = await Self.run(folder, "drafts", "show", "q1")
        #expect(shown.output.hasSuffix("\n\n为什么天大的猫这么多？\n\n![](figure.png)\n\n有图有真相 🐱\n"))
    }

    @Test("drafts rm removes exactly one of two drafts saved in the same second, and a bare time is refused then")
    func removeOneOfTwo() async throws {
        let folder = try Self.siteFolder()
        let database = DraftDatabase(configured: folder.appendingPathComponent("drafts/draft.db"))
        let second = DraftTime(seconds: 1_700_000_000)
        try database.add(AnswerDraft(time: second, questionID: 5, body: DraftBody(text: "first")))
        try database.add(AnswerDraft(time: second, questionID: 5, body: DraftBody(text: "second")))

        let ambiguous = await Self.run(folder, "drafts", "rm", "1700000000")
        #expect(ambiguous.exitCode == .failure)
        #expect(ambiguous.error.contains("a1, a2"))

        let removed = await Self.run(folder, "drafts", "rm", "a1")
        #expect(removed.exitCode == .success)
        #expect(try database.load().answers.map(\.body.plainText) == ["second"])

        let listed = await Self.run(folder, "drafts", "list")
        #expect(listed.output.hasPrefix("a2  "))
        #expect(listed.output.contains("answer to 5  second"))
    }

    @Test("drafts new refuses a kind without its required option, or with the other kind's options, as bad usage")
    func newChecksItsKind() async throws {
        let folder = try Self.siteFolder()
        try Data("text".utf8).write(to: folder.appendingPathComponent("body.txt"))
        let noTitle = await Self.run(folder, "drafts", "new", "question", "--body", "body.txt")
        #expect(noTitle.exitCode == .usage)
        #expect(noTitle.error.contains("missing option '--title'"))
        let titledAnswer = await Self.run(folder, "drafts", "new", "answer", "--question", "3", "--title", "x", "--body", "body.txt")
        #expect(titledAnswer.exitCode == .usage)
        let badKind = await Self.run(folder, "drafts", "new", "article", "--body", "body.txt")
        #expect(badKind.exitCode == .usage)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("drafts/draft.db").path))

        let answer = await Self.run(folder, "drafts", "new", "answer", "--question", "3", "--body", "body.txt")
        #expect(answer.output == "a1\n")
    }
}
