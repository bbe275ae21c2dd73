import Foundation
import Testing
import WenjinModel
import WenjinSanitizer
@testable import WenjinSite

/// Each kind of takedown over the sample community: what it withdraws, that the rebuild after
/// adding it equals a full build and passes the privacy check, and that the output built
/// before it fails the check, naming the file.
@Suite("Takedowns in a build", .timeLimit(.minutes(20)))
struct TakedownBuildTests {
    /// A question with a title no other question has, answers, and a signed asker.
    private func distinctQuestion(_ content: ArchiveContent) throws -> Question {
        let titles = Dictionary(grouping: content.questions.map(\.title), by: { $0 }).mapValues(\.count)
        return try #require(content.questions.first {
            titles[$0.title] == 1 && ($0.askerID != nil) && !$0.isAnonymous && (content.answers[$0.id]?.count ?? 0) >= 2
        })
    }

    private func text(of html: String) -> String {
        Sanitizer(hosts: CommunityHosts(source: "http://127.0.0.1"), resolver: OriginalsResolver()).plainText(fromHTML: html)
    }

    /// An answer with a line of text no other body shows (the sample community reuses its
    /// sentences), and that line.
    private func answerWithOwnLine(_ content: ArchiveContent) throws -> (Answer, String) {
        let answers = content.questions.flatMap { content.answers[$0.id] ?? [] }
        let texts = answers.map { text(of: $0.contentHTML) } + content.questions.map { text(of: $0.detailHTML) }
        for (number, answer) in answers.enumerated() {
            let lines = texts[number].split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            for line in lines.sorted(by: { $0.count > $1.count }).prefix(ForbiddenContent.linesPerBody)
            where line.count >= ForbiddenContent.minimumTextLength {
                let start = String(line.prefix(ForbiddenContent.longestText))
                if texts.indices.allSatisfy({ $0 == number || !texts[$0].contains(start) }) { return (answer, line) }
            }
        }
        throw CancellationError()
    }

    @Test("A removed question keeps its URL as a small noindex notice and leaves every list, the search index, feeds and sitemap")
    func removedQuestion() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let question = try distinctQuestion(try site.content())
        let title = Sanitizer.decodeEntities(question.title)
        let page = "questions/\(question.id.rawValue).html"
        let before = try site.rebuild { try $0.writeTakedowns(#"{"questions": [\#(question.id.rawValue)]}"#) }

        let notice = try #require(site.file(page))
        #expect(notice.contains("此内容已应要求移除"))
        #expect(notice.contains("noindex"))
        #expect(try site.files(containing: title) == [])
        for index in ["sitemap.xml", "feed.xml"] { #expect(site.file(index)?.contains(page) == false, "\(index)") }
        // Its search document stays, emptied and without its address, so the index is patched:
        // nothing can find it.
        #expect(try site.files(containing: page).filter { $0.hasPrefix("search/") } == [])
        #expect(try site.files(containing: #"["","","question",""]"#).filter { $0.hasPrefix("search/docs-") }.count == 1)
        #expect(try site.privacyFindings(of: before).contains { $0.file == page && $0.finding.hasPrefix("the title of question") })
    }

    @Test("A removed answer leaves a one-line note in its thread and its text nowhere")
    func removedAnswer() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let content = try site.content()
        let (answer, line) = try answerWithOwnLine(content)
        let question = answer.questionID
        try site.build()
        #expect(try site.files(containing: line) != [])
        let before = try site.rebuild { try $0.writeTakedowns(#"{"answers": [\#(answer.id.rawValue)]}"#) }

        let page = try #require(site.file("questions/\(question.rawValue).html"))
        #expect(page.contains(#"id="answer-\#(answer.id.rawValue)">此内容已应要求移除</p>"#))
        #expect(try site.files(containing: line) == [])
        let findings = try site.privacyFindings(of: before)
        #expect(findings.contains {
            $0.file == "questions/\(question.rawValue).html" && $0.finding == "the text of answer \(answer.id), removed on request"
        }, "\(findings) \(line)")
    }

    @Test("A removed answer comment leaves a one-line note under its answer")
    func removedAnswerComment() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let content = try site.content()
        let comment = try #require(content.answerComments.values.joined().min { $0.id < $1.id })
        let question = try #require(content.answers.first { $0.value.contains { $0.id == comment.answerID } }?.key)
        let before = try site.rebuild { try $0.writeTakedowns(#"{"answerComments": [\#(comment.id.rawValue)]}"#) }
        #expect(site.file("questions/\(question.rawValue).html", in: before)?.contains(#"id="comment-\#(comment.id.rawValue)">此内容"#) == false)

        let page = try #require(site.file("questions/\(question.rawValue).html"))
        #expect(page.contains(#"<li class="list-group-item small text-muted wj-comment wj-withdrawn" id="comment-\#(comment.id.rawValue)">此内容已应要求移除</li>"#))
        // The sample's comments reuse a few short texts, so the check cannot tell this one's
        // from the others': it has nothing to find in the earlier build.
        _ = before
    }

    @Test("A removed article keeps its URL as a notice; a removed article comment leaves a note")
    func removedArticleAndArticleComment() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let content = try site.content()
        let article = try #require(content.articles.first)
        let other = try #require(content.articles.first { $0.id != article.id && !(content.articleComments[$0.id] ?? []).isEmpty })
        let comment = try #require(content.articleComments[other.id]?.max { $0.message.count < $1.message.count })
        let title = Sanitizer.decodeEntities(article.title)
        let before = try site.rebuild {
            try $0.writeTakedowns(#"{"articles": [\#(article.id.rawValue)], "articleComments": [\#(comment.id.rawValue)]}"#)
        }

        let notice = try #require(site.file("articles/\(article.id.rawValue).html"))
        #expect(notice.contains("此内容已应要求移除") && notice.contains("noindex"))
        #expect(try site.files(containing: title) == [])
        #expect(site.file("articles.html")?.contains("articles/\(article.id.rawValue).html") == false)
        let thread = try #require(site.file("articles/\(other.id.rawValue).html"))
        #expect(thread.contains(#"id="comment-\#(comment.id.rawValue)">此内容已应要求移除</li>"#))
        let findings = try site.privacyFindings(of: before).map(\.finding)
        #expect(findings.contains("the title of article \(article.id), removed on request"))
    }

    @Test("An anonymized user is 匿名用户 everywhere: no profile page, avatar or name, while their posts stay")
    func anonymizedUser() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let content = try site.content()
        let archive = ArchiveLookup(content)
        let user = try #require(content.users.first {
            $0.avatarFile != nil && archive.questionsByAsker[$0.id].count > 0 && archive.answersByAuthor[$0.id].count > 0
        })
        // Login names are unique in the sample community; nick names are shared.
        let name = Sanitizer.decodeEntities(user.userName)
        let asked = try #require(archive.questionsByAsker[user.id].first)
        try site.build()
        #expect(try site.files(containing: name) != [])
        let before = try site.rebuild { try $0.writeTakedowns(#"{"anonymizeUsers": [\#(user.id.rawValue)]}"#) }

        #expect(site.file("users/\(user.id.rawValue).html") == nil)
        #expect(try site.files(containing: name) == [])
        #expect(try site.files(containing: "users/\(user.id.rawValue).html") == [])
        let page = try #require(site.file("questions/\(asked.id.rawValue).html"))
        #expect(page.contains(Sanitizer.decodeEntities(asked.title).replacingOccurrences(of: "&", with: "&amp;")))
        #expect(page.contains("wj-anonymous"))
        let avatar = try #require(ArchiveLookup(content).avatars[user.id])
        let shared = content.assets.values.filter { $0.sha256 == content.assets.values.first { avatar.text.contains($0.sha256 ?? "-") }?.sha256 }
        if shared.count == 1 { #expect(site.file(avatar.text) == nil, "the avatar's file") }
        let findings = try site.privacyFindings(of: before)
        #expect(findings.contains { $0.file == "users/\(user.id.rawValue).html" && $0.finding == "the name of user \(user.id), hidden on request" })
    }

    @Test("Anonymizing a user changes only the search files that held them: the index keeps its numbering")
    func anonymizedUserSearchIndex() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        // The most agreed user: numbered early, so removing their document would renumber most of the index.
        let user = try #require(try site.content().users.max { $0.counts.agree < $1.counts.agree })
        let before = try site.rebuild { try $0.writeTakedowns(#"{"anonymizeUsers": [\#(user.id.rawValue)]}"#) }

        let (old, new) = (try FixtureSite.files(under: before), try FixtureSite.files(under: site.output))
        let search = new.keys.filter { $0.hasPrefix("search/") }
        #expect(search.count > 3)
        #expect(Set(search) == Set(old.keys.filter { $0.hasPrefix("search/") }))
        let changed = search.filter { old[$0] != new[$0] }
        #expect(changed.filter { $0.hasPrefix("search/docs-") }.count == 1, "\(changed.sorted())")
        #expect(!changed.contains("search/index.js"), "the document count stays")
        #expect(try site.files(containing: #"["","","user",""]"#).filter { $0.hasPrefix("search/docs-") }.count == 1)
    }

    @Test("A removed user's identity is gone and every post of theirs withdrawn")
    func removedUser() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let content = try site.content()
        let archive = ArchiveLookup(content)
        let user = try #require(content.users.first {
            archive.questionsByAsker[$0.id].count > 0 && archive.answersByAuthor[$0.id].count > 0
        })
        let asked = try #require(archive.questionsByAsker[user.id].first)
        let answered = try #require(archive.answersByAuthor[user.id].first { $0.questionID != asked.id })
        try site.rebuild { try $0.writeTakedowns(#"{"removeUsers": [\#(user.id.rawValue)]}"#) }

        #expect(site.file("users/\(user.id.rawValue).html") == nil)
        let leaks = try site.files(containing: Sanitizer.decodeEntities(user.userName))
        #expect(leaks == [])
        #expect(site.file("questions/\(asked.id.rawValue).html")?.contains("此内容已应要求移除") == true)
        let thread = try #require(site.file("questions/\(answered.questionID.rawValue).html"))
        #expect(thread.contains(#"id="answer-\#(answered.id.rawValue)">此内容已应要求移除</p>"#))
    }

    @Test("A removed image becomes a placeholder and its file leaves the output")
    func removedImage() async throws {
        var site = try await PrivacySampleSite.make()
        defer { site.remove() }
        let content = try site.content()
        let archive = ArchiveLookup(content)
        let avatars = Set(content.users.compactMap { archive.avatars[$0.id] })
        let stored = content.assets.values.filter { $0.state == .stored }
        // An image of a body (not an avatar), whose bytes no other asset shares.
        let image = try #require(stored.sorted { $0.url < $1.url }.first { asset in
            let path = SiteLayout.image(sha256: asset.sha256 ?? "", contentType: asset.contentType, url: asset.url)
            return !avatars.contains(path) && asset.url.rawValue.contains("/uploads/")
                && !asset.url.rawValue.contains("/avatar/") && !asset.url.rawValue.contains("/topic/")
                && stored.filter { $0.sha256 == asset.sha256 }.count == 1
        })
        let sha = try #require(image.sha256)
        let path = SiteLayout.image(sha256: sha, contentType: image.contentType, url: image.url).text
        try site.build()
        let pages = try site.files(containing: path).filter { $0.hasSuffix(".html") }
        #expect(!pages.isEmpty)
        let before = try site.rebuild { try $0.writeTakedowns(#"{"images": ["\#(sha.uppercased())"]}"#) }

        #expect(site.file(path) == nil)
        #expect(try site.files(containing: path) == [])
        for page in pages { #expect(site.file(page)?.contains(SiteLayout.removedImage.text) == true, "\(page)") }
        #expect(site.file(SiteLayout.removedImage.text) != nil)
        #expect(try site.privacyFindings(of: before).contains { $0.file == path && $0.finding == "the bytes of image \(sha), removed on request" })
    }
}
