import Foundation
import Testing
import WenjinSanitizer

/// The reader of upstream WeCenter's question pages, over the real pages recorded from a
/// WeCenter 3.1 server (`../shared/spec/wecenter-3.1-responses/web/`, its README): question 4 was
/// asked anonymously by uid 3, answer 8 written anonymously by uid 2, everything else is named.
@Suite("Reading upstream WeCenter's question pages")
struct QuestionWebPageTests {
    static let folder: URL = {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.deletingLastPathComponent().appendingPathComponent("shared/spec/wecenter-3.1-responses/web")
    }()

    static func page(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: folder.appendingPathComponent(name + ".html")))
    }

    /// The asker and answer authors of the five recorded questions, from the pages' own markup
    /// as the README describes it (uid 1 admin, 2 小北同学, 3 tju_3001, 4 天外天小编).
    static let expected: [Int: (asker: QuestionWebPage.Author, answers: [Int: QuestionWebPage.Author])] = [
        1: (.user(3), [1: .user(2), 2: .user(4), 3: .user(1)]),
        2: (.user(2), [4: .user(3), 5: .user(4)]),
        3: (.user(4), [6: .user(2), 7: .user(3)]),
        4: (.anonymous, [8: .anonymous]),
        5: (.user(1), [:]),
    ]

    @Test("finds question 4's asker hidden and answer 8 anonymous, all others named with their uid, logged in or out",
          arguments: [1, 2, 3, 4, 5], ["loggedin", "loggedout"])
    func readsEveryRecordedPage(question: Int, session: String) throws {
        let page = try QuestionWebPage(html: Self.page("question_\(question)_\(session)"))
        let expected = try #require(Self.expected[question])
        #expect(page.questionID == question)
        #expect(page.asker == expected.asker)
        #expect(page.answers == expected.answers)
        #expect(page.unreadableAnswers.isEmpty)
    }

    @Test("a page cut short before the side bar is an error, not an anonymous question")
    func truncatedPageIsAnError() throws {
        let whole = try Self.page("question_1_loggedout")
        let cut = Array(whole[..<(whole.count * 2 / 3)])
        #expect(throws: SanitizerError.self) { try QuestionWebPage(html: cut) }
    }

    @Test("an article page or WeCenter's 404 page is not read as a question")
    func otherPagesAreErrors() throws {
        #expect(throws: SanitizerError.self) { try QuestionWebPage(html: Self.page("article_1_loggedout")) }
        let notFound = "<!doctype html><html><head><title>文件未找到</title></head><body><h1>文件未找到</h1></body></html>"
        #expect(throws: SanitizerError.self) { try QuestionWebPage(html: Array(notFound.utf8)) }
    }
}
