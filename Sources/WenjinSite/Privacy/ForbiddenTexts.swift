import Foundation
import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer
import WenjinSearch

/// Gathers the texts `ForbiddenContent` looks for, from the archive as stored and as published,
/// and drops those the published archive shows itself (in the same scope), which a scan could
/// not tell from a leak.
struct ForbiddenTexts {
    typealias Scope = ForbiddenContent.Scope

    private struct Candidate {
        var text: String
        var finding: String
        var scope: Scope
        /// A link pattern, never a coincidence: kept even when published text holds it.
        var exact = false
    }

    /// The archive as stored (with the anonymity facts) and as published.
    let content: ArchiveContent
    let published: ArchiveContent
    let hosts: CommunityHosts
    /// The last build's texts of the bodies, which spare sanitizing every published body again.
    let ledger: BodyLedger?
    private var candidates: [Candidate] = []
    /// Per scoped page, the texts it shows by right (see `addAnonymousAuthors`).
    private var pageTexts: [Scope: String] = [:]

    init(content: ArchiveContent, published: ArchiveContent, hosts: CommunityHosts, ledger: BodyLedger?) {
        self.content = content
        self.published = published
        self.hosts = hosts
        self.ledger = ledger
    }

    private var withdrawals: Withdrawals { published.withdrawals }

    private static func reason(_ withdrawal: Withdrawal?) -> String {
        withdrawal == .removedOnRequest ? "removed on request" : "deleted upstream"
    }

    /// A text to look for, its first `longestText` characters only: as telling, and the
    /// matcher's size grows with the bytes it looks for.
    private mutating func add(_ text: String, _ finding: String, scope: Scope = .everywhere) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count >= ForbiddenContent.minimumTextLength || scope != .everywhere && trimmed.count >= 2 else { return }
        candidates.append(Candidate(text: String(trimmed.prefix(ForbiddenContent.longestText)), finding: finding, scope: scope))
    }

    /// The longest lines of a body's text a reader sees (`linesPerBody` of them).
    private mutating func addBody(_ html: String, _ finding: String) {
        guard !html.isEmpty else { return }
        let text = Sanitizer(hosts: hosts, resolver: OriginalsResolver()).plainText(fromHTML: html)
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        for line in lines.sorted(by: { $0.count > $1.count }).prefix(ForbiddenContent.linesPerBody) { add(line, finding) }
    }

    /// Titles and texts of every withdrawn post, with the answers and comments that went with them.
    mutating func addWithdrawnPosts() {
        let gone = withdrawals.gone
        for question in content.questions {
            let whole = withdrawals.questions[question.id] ?? (gone.questions.contains(question.id) ? .deletedUpstream : nil)
            if whole != nil || gone.questions.contains(question.id) {
                let why = Self.reason(whole)
                add(Sanitizer.decodeEntities(question.title), "the title of question \(question.id), \(why)")
                addBody(question.detailHTML, "the text of question \(question.id), \(why)")
            }
            for answer in content.answers[question.id] ?? [] {
                let own = withdrawals.answers[answer.id] ?? (gone.answers.contains(answer.id) ? .deletedUpstream : nil)
                let withdrawal = whole ?? own
                if withdrawal != nil {
                    addBody(answer.contentHTML, "the text of answer \(answer.id), \(Self.reason(withdrawal))")
                }
                for comment in content.answerComments[answer.id] ?? [] {
                    let mine = withdrawals.answerComments[comment.id] ?? (gone.answerComments.contains(comment.id) ? .deletedUpstream : nil)
                    guard let reason = withdrawal ?? mine else { continue }
                    add(Sanitizer.decodeEntities(comment.text), "the text of comment \(comment.id), \(Self.reason(reason))")
                }
            }
        }
        for article in content.articles {
            let whole = withdrawals.articles[article.id] ?? (gone.articles.contains(article.id) ? .deletedUpstream : nil)
            if let whole {
                add(Sanitizer.decodeEntities(article.title), "the title of article \(article.id), \(Self.reason(whole))")
                addBody(article.messageHTML, "the text of article \(article.id), \(Self.reason(whole))")
            }
            for comment in content.articleComments[article.id] ?? [] {
                let mine = withdrawals.articleComments[comment.id] ?? (gone.articleComments.contains(comment.id) ? .deletedUpstream : nil)
                guard let reason = whole ?? mine else { continue }
                add(Sanitizer.decodeEntities(comment.message), "the text of article comment \(comment.id), \(Self.reason(reason))")
            }
        }
    }

    /// The forms a link to a user's profile takes in pages, indexes and the sitemap.
    private static func profileLinks(_ id: UserID) -> [String] {
        ["/users/\(id.rawValue).html", "\"users/\(id.rawValue).html", "/users/\(id.rawValue)-", "\"users/\(id.rawValue)-"]
    }

    /// Names of hidden users, and links to their profiles unless a notice page stands there.
    mutating func addHiddenUsers() {
        for user in content.users where withdrawals.hiddenUsers.contains(user.id) {
            let why = withdrawals.users[user.id] != nil || withdrawals.gone.users.contains(user.id) ? "deleted upstream" : "hidden on request"
            let names = Set([user.userName] + (user.nickName.map { [$0] } ?? [])).map(Sanitizer.decodeEntities)
            for name in names.sorted() { add(name, "the name of user \(user.id), \(why)") }
            guard withdrawals.users[user.id] == nil else { continue }
            for link in Self.profileLinks(user.id) {
                candidates.append(Candidate(text: link, finding: "a link to the profile of user \(user.id), \(why)", scope: .everywhere,
                                            exact: true))
            }
        }
    }

    /// The real author of an anonymous post (when the store knows it) named or linked on the
    /// post's page, and the post linked from the author's profile.
    mutating func addAnonymousAuthors() {
        let shown = Set(published.questions.map(\.id))
        let publishedAnswers = Dictionary(published.answers.values.joined().map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for question in content.questions where shown.contains(question.id) {
            let page = Scope.file(SiteLayout.question(question.id).text)
            var authors: [(UserID, String, String)] = []  // author, post, link from their profile
            if question.isAnonymous, let asker = question.askerID {
                authors.append((asker, "anonymous question \(question.id)", "questions/\(question.id.rawValue).html\""))
            }
            for answer in content.answers[question.id] ?? [] where answer.isAnonymous && publishedAnswers[answer.id] != nil {
                guard let author = answer.authorID else { continue }
                authors.append((author, "anonymous answer \(answer.id)",
                                "questions/\(question.id.rawValue).html#\(SiteLayout.answerAnchor(answer.id))\""))
            }
            guard !authors.isEmpty else { continue }
            let onPage = peopleShown(on: question.id)
            for (author, post, link) in authors where !withdrawals.hiddenUsers.contains(author) {
                let finding = "the real author (user \(author)) of \(post)"
                candidates.append(Candidate(text: link, finding: "a link to \(post) on its real author's profile",
                                            scope: .userPages(author), exact: true))
                guard !onPage.contains(author), let user = content.users.first(where: { $0.id == author }) else { continue }
                for name in Set([user.userName] + (user.nickName.map { [$0] } ?? [])).map(Sanitizer.decodeEntities).sorted() {
                    add(name, finding, scope: page)
                }
                for link in Self.profileLinks(author) {
                    candidates.append(Candidate(text: link, finding: finding, scope: page, exact: true))
                }
            }
            pageTexts[page] = pageText(question.id)
        }
    }

    /// Users a question's page names by right: authors of its signed posts and comments.
    private func peopleShown(on id: QuestionID) -> Set<UserID> {
        var people: Set<UserID> = []
        if let question = published.questions.first(where: { $0.id == id }), !question.isAnonymous, let asker = question.askerID {
            people.insert(asker)
        }
        for answer in published.answers[id] ?? [] {
            if !answer.isAnonymous, let author = answer.authorID { people.insert(author) }
            for comment in published.answerComments[answer.id] ?? [] {
                people.insert(comment.authorID)
                if let replyTo = comment.atUserID { people.insert(replyTo) }
            }
        }
        return people.subtracting(withdrawals.hiddenUsers)
    }

    /// The texts a question's page shows, raw: a name found there is no leak.
    private func pageText(_ id: QuestionID) -> String {
        var text = published.questions.first(where: { $0.id == id }).map { $0.title + "\n" + $0.detailHTML } ?? ""
        for answer in published.answers[id] ?? [] {
            text += "\n" + answer.contentHTML
            for comment in published.answerComments[answer.id] ?? [] { text += "\n" + comment.text }
        }
        return Sanitizer.decodeEntities(text)
    }

    /// Everything the published archive shows as text (bodies as a reader sees them): what a
    /// scan must not take for a leak.
    private func publishedText() -> String {
        var parts: [String] = []
        var bodies: [(key: BodyKey, html: String)] = []
        for question in published.questions {
            parts.append(question.title)
            bodies.append((.question(question.id), question.detailHTML))
            for answer in published.answers[question.id] ?? [] {
                bodies.append((.answer(answer.id), answer.contentHTML))
                parts += (published.answerComments[answer.id] ?? []).map(\.text)
            }
        }
        for article in published.articles {
            parts.append(article.title)
            bodies.append((.article(article.id), article.messageHTML))
            parts += (published.articleComments[article.id] ?? []).map(\.message)
        }
        for user in published.users { parts += [user.userName, user.nickName ?? "", user.signature ?? ""] }
        for topic in published.topics { parts += [topic.title, topic.description] }
        let hosts = hosts
        let ledger = ledger
        let texts = ParallelWork.map(bodies.filter { !$0.html.isEmpty }) { body -> String in
            var digest = ContentDigest(seed: 0)
            digest.add(body.html)
            if let entry = ledger?[body.key], entry.rawDigest == digest.finish() { return entry.text }
            return Sanitizer(hosts: hosts, resolver: OriginalsResolver()).plainText(fromHTML: body.html)
        }
        return Sanitizer.decodeEntities(parts.joined(separator: "\n")) + "\n" + texts.joined(separator: "\n")
    }

    /// The needles: each kept text in every form an output writes it (raw, HTML-escaped, as a
    /// search index's JavaScript string, as JSON-LD's).
    func needles() -> [ForbiddenContent.Needle] {
        var coincidental: Set<Int> = []
        let scopes = Set(candidates.map(\.scope))
        for scope in scopes {
            let numbers = candidates.indices.filter { candidates[$0].scope == scope && !candidates[$0].exact }
            guard !numbers.isEmpty else { continue }
            let shown = scope == .everywhere ? publishedText() : (pageTexts[scope] ?? "")
            let matcher = PatternMatcher(numbers.map { Array(candidates[$0].text.utf8) })
            for match in Array(shown.utf8).withUnsafeBytes({ matcher.matches(in: $0) }) {
                coincidental.insert(numbers[match.pattern])
            }
        }
        var needles: [ForbiddenContent.Needle] = []
        for (number, candidate) in candidates.enumerated() where !coincidental.contains(number) {
            let forms = candidate.exact ? [candidate.text] : Self.forms(of: candidate.text)
            for form in forms {
                needles.append(ForbiddenContent.Needle(pattern: Array(form.utf8), finding: candidate.finding, scope: candidate.scope))
            }
        }
        return needles
    }

    private static func forms(of text: String) -> [String] {
        let html = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        let attribute = html.replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
        let script = String(JavaScriptLiteral.string(text).dropFirst().dropLast())
        var structured = ""
        StructuredData.writeString(text, to: &structured)
        var seen: Set<String> = []
        return [text, html, attribute, script, String(structured.dropFirst().dropLast())].filter { seen.insert($0).inserted }
    }
}
