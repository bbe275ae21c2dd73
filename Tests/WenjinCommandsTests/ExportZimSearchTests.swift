import Foundation
import Testing
import WenjinModel
@testable import WenjinCommands
import WenjinTestSupport

/// Kiwix's full-text search and title suggestions over the exported ZIM, through kiwix-serve: the
/// index holds each question's and article's own text (title, question, answers, topics), not the
/// navigation and sidebars every page repeats.
@Suite("Searching the exported ZIM in kiwix-serve", .tags(.endToEnd), EndToEnd.skippable,
       .enabled(if: KiwixServe.installed, "needs kiwix-tools"))
struct ExportZimSearchTests {
    @Test("kiwix-serve's full-text search finds a question by a two-character Chinese word, and its title suggestions by the title's start",
          .timeLimit(.minutes(20)))
    func chineseSearchAndSuggestions() async throws {
        let site = try await ServeSite(questions: 30)
        let server = try await KiwixServe(zim: try await SharedZimExports.archive(questions: 30))
        defer { server.stop() }
        let questions = try site.store.read { try $0.questions() }
        let question = try #require(questions.first { $0.title.filter(\.isChineseCharacter).count >= 4 })
        let chinese = question.title.filter(\.isChineseCharacter)
        let word = String(chinese.prefix(2))
        let found = try await server.get("search?content=\(server.book)&pageLength=100&pattern=\(Self.encoded(word))")
        #expect(found.body.contains("questions/\(question.id.rawValue).html"), "\(word): \(found.body.suffix(800))")

        let start = String(question.title.prefix(4))
        let suggested = try await server.get("suggest?content=\(server.book)&count=50&term=\(Self.encoded(start))")
        #expect(suggested.body.contains("\"questions/\(question.id.rawValue).html\""), "\(start): \(suggested.body.prefix(800))")
    }

    @Test("kiwix-serve's full-text search lists only questions and articles, not the list, user and topic pages that repeat their titles",
          .timeLimit(.minutes(20)))
    func searchFindsOnlyFrontArticles() async throws {
        let site = try await ServeSite(questions: 30)
        let server = try await KiwixServe(zim: try await SharedZimExports.archive(questions: 30))
        defer { server.stop() }
        let questions = try site.store.read { try $0.questions() }
        let question = try #require(questions.first { $0.title.filter(\.isChineseCharacter).count >= 4 })
        let word = String(question.title.filter(\.isChineseCharacter).prefix(2))
        let found = try await server.get("search?content=\(server.book)&pageLength=100&pattern=\(Self.encoded(word))")
        let results = Self.linkedPaths(in: found.body, book: server.book)
        #expect(results.contains("questions/\(question.id.rawValue).html"), "\(word): \(results)")
        #expect(results.allSatisfy { $0.hasPrefix("questions/") || $0.hasPrefix("articles/") }, "\(word): \(results)")
    }

    @Test("kiwix-serve's full-text search finds a question by a two-character word that only its answers hold",
          .timeLimit(.minutes(20)))
    func answersAreIndexed() async throws {
        let site = try await ServeSite(questions: 30)
        let server = try await KiwixServe(zim: try await SharedZimExports.archive(questions: 30))
        defer { server.stop() }
        let questions = try site.store.read { try $0.questions() }
        let answers = try site.store.read { try $0.answersByQuestion() }
        let (question, word) = try #require(Self.answerOnlyWord(questions: questions, answers: answers))
        let found = try await server.get("search?content=\(server.book)&pageLength=100&pattern=\(Self.encoded(word))")
        let results = Self.linkedPaths(in: found.body, book: server.book)
        #expect(results.contains("questions/\(question.rawValue).html"), "\(word): \(results)")
    }

    @Test("kiwix-serve's full-text search finds no question or article by the navigation's words, which every page shows",
          .timeLimit(.minutes(20)))
    func navigationIsNotIndexed() async throws {
        // The shared export of the same community; the build below goes to a site of its own.
        let server = try await KiwixServe(zim: try await SharedZimExports.archive(questions: 20))
        let site = try await ZimSite(questions: 20)
        defer { server.stop() }
        // The dark-mode switch of the navigation bar ("深色模式"), on every page, in no sample post.
        let navigation = "深色模式"
        // The export writes no site folder: the same site built, to read a question page of.
        try #require(await site.run("build").exitCode == .success)
        let questionPage = try #require(try FileManager.default.contentsOfDirectory(
            atPath: site.root.appendingPathComponent("_site/questions").path).first)
        let shown = try String(contentsOf: site.root.appendingPathComponent("_site/questions/\(questionPage)"), encoding: .utf8)
        #expect(shown.contains(navigation))
        let word = String(navigation.prefix(2))
        let found = try await server.get("search?content=\(server.book)&pageLength=100&pattern=\(Self.encoded(word))")
        let results = Self.linkedPaths(in: found.body, book: server.book)
        #expect(!results.contains { $0.hasPrefix("questions/") || $0.hasPrefix("articles/") }, "\(word): \(results)")
    }

    /// A question and two adjacent Chinese characters of one of its answers that its own title
    /// and text do not hold, so that only the answer can make the search find it.
    private static func answerOnlyWord(questions: [Question], answers: [QuestionID: [Answer]]) -> (QuestionID, String)? {
        for question in questions {
            let own = question.title + question.detailHTML
            for answer in answers[question.id] ?? [] {
                let characters = Array(answer.contentHTML)
                for (first, second) in zip(characters, characters.dropFirst())
                    where first.isChineseCharacter && second.isChineseCharacter && !own.contains(String([first, second])) {
                    return (question.id, String([first, second]))
                }
            }
        }
        return nil
    }

    /// The book paths a kiwix-serve page links to (`href="/<root>/<book>/<path>"`), but for the
    /// book's own main page that its header links to.
    private static func linkedPaths(in html: String, book: String) -> [String] {
        html.components(separatedBy: "href=\"").dropFirst().compactMap { link in
            let target = link.prefix { $0 != "\"" }
            guard let start = target.range(of: "/\(book)/"), start.upperBound < target.endIndex else { return nil }
            return String(target[start.upperBound...])
        }
    }

    private static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}

private extension Character {
    var isChineseCharacter: Bool {
        unicodeScalars.allSatisfy { (0x4E00...0x9FFF).contains($0.value) }
    }
}
