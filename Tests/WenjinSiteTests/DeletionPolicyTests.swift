import Foundation
import Testing
import WenjinLinkCheck
import WenjinModel
import WenjinSanitizer
import WenjinStore
@testable import WenjinSite

/// site.json `privacy.deleted` over the sample community, with deletions recorded in the store
/// as a crawl records them (`StoreWriter.markDeleted`): each policy's pages, and rebuilds that
/// equal full builds and pass the privacy check.
@Suite("Deleted content in a build", .timeLimit(.minutes(20)))
struct DeletionPolicyTests {
    private func markDeleted(_ kind: DeletableKind, _ id: Int, in site: PrivacySampleSite) throws {
        try site.store.write { try $0.markDeleted(kind, id: id, at: Date(timeIntervalSince1970: 1_700_000_000)) }
    }

    /// A question another body links to, and the page holding that link.
    private func linkedQuestion(_ content: ArchiveContent) throws -> (target: Question, page: QuestionID) {
        let byID = Dictionary(content.questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for question in content.questions {
            let bodies = [question.detailHTML] + (content.answers[question.id] ?? []).map(\.contentHTML)
            for body in bodies {
                for match in body.matches(of: /\?\/question\/(\d+)/) {
                    if let id = Int(match.1), id != question.id.rawValue, let target = byID[QuestionID(id)] {
                        return (target, question.id)
                    }
                }
            }
        }
        throw CancellationError()
    }

    @Test("Under \"tombstone\" (the default) a deleted question's page is a 原帖已删除 notice, a deleted answer a note, a deleted user's profile a notice")
    func tombstone() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let content = try site.content()
        let archive = ArchiveLookup(content)
        #expect(site.config.privacy.deleted == .tombstone)
        let question = try #require(content.questions.first { !(content.answers[$0.id] ?? []).isEmpty })
        let answers = content.questions.dropFirst().compactMap { content.answers[$0.id]?.first }
        let answer = try #require(answers.first)
        let user = try #require(content.users.first { archive.questionsByAsker[$0.id].count > 0 })
        try site.rebuild { site in
            try markDeleted(.question, question.id.rawValue, in: site)
            try markDeleted(.answer, answer.id.rawValue, in: site)
            try markDeleted(.user, user.id.rawValue, in: site)
        }

        let page = try #require(site.file("questions/\(question.id.rawValue).html"))
        #expect(page.contains("原帖已删除") && page.contains("noindex"))
        #expect(!page.contains(Sanitizer.decodeEntities(question.title).replacingOccurrences(of: "&", with: "&amp;")))
        #expect(site.file("index.html")?.contains("questions/\(question.id.rawValue).html") == false)
        let thread = try #require(site.file("questions/\(answer.questionID.rawValue).html"))
        #expect(thread.contains(#"id="answer-\#(answer.id.rawValue)">原帖已删除</p>"#))
        let profile = try #require(site.file("users/\(user.id.rawValue).html"))
        #expect(profile.contains("原帖已删除") && profile.contains("noindex"))
        #expect(try site.files(containing: Sanitizer.decodeEntities(user.userName)) == [])
        #expect(try LinkChecker(root: site.output).check().problems.map(\.description) == [])
    }

    @Test("Under \"remove\" a deleted question has no page and links to it become plain text")
    func remove() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let (target, linking) = try linkedQuestion(try site.content())
        let page = "questions/\(linking.rawValue).html"
        let link = #"href="../questions/\#(target.id.rawValue).html"#
        try site.build()
        #expect(site.file(page)?.contains(link) == true)
        try site.rebuild { site in
            site.config.privacy.deleted = .remove
            try markDeleted(.question, target.id.rawValue, in: site)
        }

        #expect(site.file("questions/\(target.id.rawValue).html") == nil)
        #expect(site.file(page)?.contains(link) == false)
        #expect(site.file("sitemap.xml")?.contains("questions/\(target.id.rawValue).html") == false)
        #expect(try LinkChecker(root: site.output).check().problems.map(\.description) == [])
    }

    @Test("Under \"keep\" deleted content stays, marked 原帖已删除, and stays in the lists")
    func keep() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let content = try site.content()
        let question = try #require(content.questions.first)
        let title = Sanitizer.decodeEntities(question.title).replacingOccurrences(of: "&", with: "&amp;")
        try site.rebuild { site in
            site.config.privacy.deleted = .keep
            try markDeleted(.question, question.id.rawValue, in: site)
        }

        let page = try #require(site.file("questions/\(question.id.rawValue).html"))
        #expect(page.contains(title))
        #expect(page.contains(#"<span class="badge text-bg-secondary align-middle fs-6">原帖已删除</span>"#))
        #expect(!page.contains("noindex"))
        #expect(site.file("index.html")?.contains("questions/\(question.id.rawValue).html") == true)
    }
}
