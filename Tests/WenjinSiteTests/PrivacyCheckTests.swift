import Foundation
import Testing
import WenjinConfig
import WenjinModel
import WenjinSanitizer
@testable import WenjinSite

/// The privacy check over built sample sites: silent on a build that keeps every promise, and
/// naming file and finding on one that does not.
@Suite("Privacy check", .timeLimit(.minutes(20)))
struct PrivacyCheckTests {
    @Test("A clean build passes; once the store learns a post was anonymous, the earlier build fails naming its page and the author's profile")
    func anonymousAuthorLeak() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let content = try site.content()
        // A signed question whose asker neither answers nor comments in its thread.
        let question = try #require(content.questions.first { question in
            guard let asker = question.askerID, !question.isAnonymous else { return false }
            let answers = content.answers[question.id] ?? []
            return !answers.contains { $0.authorID == asker }
                && !answers.flatMap { content.answerComments[$0.id] ?? [] }.contains { $0.authorID == asker || $0.atUserID == asker }
        })
        let asker = try #require(question.askerID)
        try site.build()
        #expect(try site.privacyFindings() == [])

        let before = try site.rebuild { site in
            // What a crawl of upstream WeCenter records: the real uid, with the anonymous flag.
            var anonymous = question
            anonymous.isAnonymous = true
            try site.store.write { try $0.upsert(anonymous) }
        }
        let findings = try site.privacyFindings(of: before).map(\.description)
        #expect(findings.contains("questions/\(question.id.rawValue).html: the real author (user \(asker)) of anonymous question \(question.id)"))
        #expect(findings.contains("users/\(asker.rawValue).html: a link to anonymous question \(question.id) on its real author's profile"))
        #expect(site.file("questions/\(question.id.rawValue).html")?.contains("wj-anonymous") == true)
    }

    @Test("Findings name the forbidden thing, never its text")
    func findingsDoNotRepeatTheText() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let content = try site.content()
        let titles = Dictionary(grouping: content.questions.map(\.title), by: { $0 }).mapValues(\.count)
        let question = try #require(content.questions.first { titles[$0.title] == 1 })
        let before = try site.rebuild { try $0.writeTakedowns(#"{"questions": [\#(question.id.rawValue)]}"#) }
        let findings = try site.privacyFindings(of: before)
        #expect(!findings.isEmpty)
        #expect(!findings.contains { $0.description.contains(Sanitizer.decodeEntities(question.title)) })
    }

    @Test("Compressed siblings are checked as what a host sends: a taken-down title in a stale page.html.gz is found, an unreadable .br is named")
    func compressedSiblingsAreChecked() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        site.config.build.hosting = SiteConfig.Hosting()
        let content = try site.content()
        let titles = Dictionary(grouping: content.questions.map(\.title), by: { $0 }).mapValues(\.count)
        let question = try #require(content.questions.first { titles[$0.title] == 1 && Sanitizer.decodeEntities($0.title).count >= 6 })
        let page = "questions/\(question.id.rawValue).html"
        let before = try site.rebuild { try $0.writeTakedowns(#"{"questions": [\#(question.id.rawValue)]}"#) }
        // Only the compressed sibling of the earlier build is left with the title.
        try FileManager.default.removeItem(at: before.appendingPathComponent(page))
        try FileManager.default.removeItem(at: before.appendingPathComponent(page + ".br"))
        try Data("not brotli".utf8).write(to: before.appendingPathComponent("index.html.br"))
        let findings = try site.privacyFindings(of: before).map(\.file)
        #expect(findings.contains(page + ".gz"))
        #expect(!findings.contains(page + ".br"))
        #expect(findings.contains("index.html.br"))
    }
}
