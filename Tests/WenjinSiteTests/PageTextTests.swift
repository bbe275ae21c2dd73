import Foundation
import Testing
import WenjinModel
@testable import WenjinSite

/// The searchable text a stream hands an output with its own index (`wenjin export zim`): each
/// published question's and article's own words, never the page around them, never what the
/// archive withholds.
@Suite("The page texts a stream gives", .timeLimit(.minutes(20)))
struct PageTextTests {
    /// The texts a stream gives, after a build of the same site (whose pages the tests read).
    private func texts(of site: PrivacySampleSite) throws -> [String: PageText] {
        let builder = SiteBuilder(config: site.config, store: site.store)
        _ = try builder.build(into: site.output)
        let collected = CollectedSite()
        _ = try builder.stream(into: collected)
        return collected.all.compactMapValues(\.text)
    }

    @Test("A question's text holds its own body and every answer's, and none of the navigation its page shows")
    func questionTextIsItsOwn() async throws {
        let site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let texts = try texts(of: site)
        let content = try site.content()
        let question = try #require(content.questions.first { (content.answers[$0.id]?.count ?? 0) >= 2 })
        let path = "questions/\(question.id.rawValue).html"
        let text = try #require(texts[path])
        let page = try #require(site.file(path))
        #expect(page.contains("深色模式"))
        #expect(!text.text.contains("深色模式"))
        #expect(!text.text.contains("相关问题"))
        let lines = (content.answers[question.id] ?? []).compactMap { Self.firstLine(of: $0.contentHTML) }
        #expect(!lines.isEmpty)
        for line in lines { #expect(text.text.contains(line), "\(line)") }
        #expect(texts.keys.allSatisfy { $0.hasPrefix("questions/") || $0.hasPrefix("articles/") })
        #expect(texts.count == content.questions.count + content.articles.count)
    }

    @Test("A taken-down question has no text, and its title is in no other page's text")
    func takenDownQuestionHasNoText() async throws {
        let site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let content = try site.content()
        let titles = Dictionary(grouping: content.questions.map(\.title), by: { $0 }).mapValues(\.count)
        let question = try #require(content.questions.first {
            titles[$0.title] == 1 && $0.title.count >= 6 && !$0.title.contains { "<>&\"'".contains($0) }
        })
        try site.writeTakedowns(#"{"questions": [\#(question.id.rawValue)]}"#)
        let texts = try texts(of: site)
        #expect(texts["questions/\(question.id.rawValue).html"] == nil)
        #expect(!texts.values.contains { $0.title == question.title || $0.text.contains(question.title) })
    }

    /// The first run of at least six Chinese characters of a body's HTML: plain text as a reader
    /// sees it, whatever markup is around it.
    private static func firstLine(of html: String) -> String? {
        var run = ""
        for character in html {
            if character.unicodeScalars.allSatisfy({ (0x4E00...0x9FFF).contains($0.value) }) {
                run.append(character)
            } else {
                if run.count >= 6 { return run }
                run = ""
            }
        }
        return run.count >= 6 ? run : nil
    }
}
