import WenjinBuildSupport
import WenjinConfig
import WenjinModel
import WenjinSanitizer
import WenjinSearch

/// Why something is no longer shown as it was: which notice takes its place.
enum Withdrawal: UInt8, Sendable, Hashable {
    /// A takedown (`Takedowns`): 「此内容已应要求移除」.
    case removedOnRequest = 1
    /// Deleted upstream, under `privacy.deleted` "tombstone": 「原帖已删除」.
    case deletedUpstream = 2

    /// The theme's UI string of the notice.
    var noticeKey: String {
        switch self {
        case .removedOnRequest: "removedOnRequest"
        case .deletedUpstream: "deletedUpstream"
        }
    }
}

/// What the archive withholds of the store, from the takedowns and from the source's deletions
/// under `privacy.deleted`: one mechanism for both, since a post removed on request and a post
/// deleted upstream behave alike and differ only in their notice. `ArchiveContent.withdrawing`
/// applies it, so every page, list, feed and index sees the same archive.
struct Withdrawals: Sendable {
    /// Posts whose page stays as a small notice (noindex), so links to it do not break.
    var questions: [QuestionID: Withdrawal] = [:]
    var articles: [ArticleID: Withdrawal] = [:]
    /// Profiles deleted upstream under "tombstone": the page stays as a notice.
    var users: [UserID: Withdrawal] = [:]
    /// Answers and comments that leave a one-line notice in their thread.
    var answers: [AnswerID: Withdrawal] = [:]
    var answerComments: [AnswerCommentID: Withdrawal] = [:]
    var articleComments: [ArticleCommentID: Withdrawal] = [:]
    /// Deleted upstream under "remove": no page, no notice, and links to them become plain text.
    var gone = DeletedContent()
    /// Deleted upstream under "keep": shown, marked as deleted.
    var marked = DeletedContent()
    /// Users shown as 匿名用户 wherever they appear, without profile page or avatar.
    var hiddenUsers: Set<UserID> = []
    /// Their login and nick names (entities decoded): links to `people/<name>` become plain text.
    var hiddenUserNames: Set<String> = []
    /// Stored images taken down, by every URL that named their bytes: bodies show a placeholder.
    var removedImages: Set<AssetURL> = []
    /// The search documents of posts that became notice pages and of hidden members, emptied:
    /// same address, kind and weight, no title or text, so nothing finds them, while the index
    /// keeps its numbering and a rebuild after a takedown patches it rather than writing it whole.
    /// Each with its post's key (`SiteSearchDocuments.key`).
    var emptiedDocuments: [(key: UInt64, document: SearchDocument)] = []

    init() {}

    init(takedowns: Takedowns, deleted: DeletedContent, policy: SiteConfig.Privacy.DeletedPolicy, content: ArchiveContent) {
        switch policy {
        case .tombstone:
            for id in deleted.questions { questions[id] = .deletedUpstream }
            for id in deleted.articles { articles[id] = .deletedUpstream }
            for id in deleted.answers { answers[id] = .deletedUpstream }
            for id in deleted.answerComments { answerComments[id] = .deletedUpstream }
            for id in deleted.articleComments { articleComments[id] = .deletedUpstream }
            for id in deleted.users { users[id] = .deletedUpstream }
            hiddenUsers.formUnion(deleted.users)
        case .remove:
            gone = deleted
            hiddenUsers.formUnion(deleted.users)
        case .keep:
            marked = deleted
        }
        // A takedown wins over a deletion: it is a promise to a person, not a fact of the source.
        let removed = Set(takedowns.removeUsers)
        hiddenUsers.formUnion(removed)
        hiddenUsers.formUnion(takedowns.anonymizeUsers)
        for id in takedowns.questions { questions[id] = .removedOnRequest }
        for id in takedowns.articles { articles[id] = .removedOnRequest }
        for id in takedowns.answers { answers[id] = .removedOnRequest }
        for id in takedowns.answerComments { answerComments[id] = .removedOnRequest }
        for id in takedowns.articleComments { articleComments[id] = .removedOnRequest }
        if !removed.isEmpty {
            // Anonymous posts too: the store knows their author, and the member asked for all of them.
            for question in content.questions where question.askerID.map(removed.contains) == true {
                questions[question.id] = .removedOnRequest
            }
            for answer in content.answers.values.joined() where answer.authorID.map(removed.contains) == true {
                answers[answer.id] = .removedOnRequest
            }
            for comment in content.answerComments.values.joined() where removed.contains(comment.authorID) {
                answerComments[comment.id] = .removedOnRequest
            }
            for article in content.articles where removed.contains(article.authorID) { articles[article.id] = .removedOnRequest }
            for comment in content.articleComments.values.joined() where removed.contains(comment.authorID) {
                articleComments[comment.id] = .removedOnRequest
            }
        }
        // A member taken down has no page at all, not even a notice naming their ID.
        for id in removed.union(takedowns.anonymizeUsers) { users[id] = nil }
        // Each walk below skipped when it has nothing to find: a loop over the entities copies
        // each one, and most builds withdraw nothing (a rebuild at 100,000 questions walked
        // 100,000 questions, their users and 75,000 images for nothing).
        if !hiddenUsers.isEmpty {
            for user in content.users where hiddenUsers.contains(user.id) {
                hiddenUserNames.insert(Sanitizer.decodeEntities(user.userName))
                if let nick = user.nickName, !nick.isEmpty { hiddenUserNames.insert(Sanitizer.decodeEntities(nick)) }
            }
        }
        emptiedDocuments = Self.emptiedDocuments(of: content, questions: questions, articles: articles,
                                                 users: hiddenUsers.union(gone.users))
        let images = Set(takedowns.images)
        if !images.isEmpty { removedImages = Set(content.assets.values.filter { $0.sha256.map(images.contains) == true }.map(\.url)) }
    }

    /// As `SiteSearchDocuments` would have made them, less their words.
    private static func emptiedDocuments(of content: ArchiveContent, questions: [QuestionID: Withdrawal],
                                         articles: [ArticleID: Withdrawal], users: Set<UserID>) -> [(key: UInt64, document: SearchDocument)] {
        var documents: [(key: UInt64, document: SearchDocument)] = []
        if !questions.isEmpty {
            for question in content.questions where questions[question.id] != nil {
                let answers = content.answers[question.id] ?? []
                let url = SiteLayout.question(question.id).text
                documents.append((SiteSearchDocuments.key(question.id), SearchDocument(
                    title: "", text: "", url: url, kind: .question, weight: SiteIndexes.sum(answers.count, question.focusCount))))
                for answer in answers {
                    documents.append((SiteSearchDocuments.key(answer.id), SearchDocument(
                        title: "", text: "", url: url + "#" + SiteLayout.answerAnchor(answer.id), kind: .answer,
                        weight: answer.agreeCount, indexesTitle: false)))
                }
            }
        }
        if !articles.isEmpty {
            for article in content.articles where articles[article.id] != nil {
                documents.append((SiteSearchDocuments.key(article.id), SearchDocument(
                    title: "", text: "", url: SiteLayout.article(article.id).text, kind: .article, weight: article.votes)))
            }
        }
        // A hidden member's profile is gone, so is its address: the search index writes an
        // emptied document without it (`SearchIndexFiles.documentFile`), while the address keeps
        // the document's place in the numbering (docs/design.md#search).
        if !users.isEmpty {
            for user in content.users where users.contains(user.id) {
                documents.append((SiteSearchDocuments.key(user.id), SearchDocument(
                    title: "", text: "", url: SiteLayout.user(user.id).text, kind: .user, weight: user.counts.agree)))
            }
        }
        return documents
    }

    var isEmpty: Bool {
        questions.isEmpty && articles.isEmpty && users.isEmpty && answers.isEmpty && answerComments.isEmpty
            && articleComments.isEmpty && gone.isEmpty && marked.isEmpty && hiddenUsers.isEmpty && removedImages.isEmpty
    }

    /// Adds everything links resolve differently by (`LinkTargets`): pages that became notices
    /// or went, hidden users and their names, removed images.
    func addLinkAnswers(to digest: inout ContentDigest) {
        func add(_ ids: some Sequence<Int>, tag: UInt8) {
            digest.add(tag: tag)
            for id in ids.sorted() { digest.add(word: UInt64(bitPattern: Int64(id))) }
        }
        add(questions.keys.map(\.rawValue), tag: 20)
        add(articles.keys.map(\.rawValue), tag: 21)
        add(users.keys.map(\.rawValue), tag: 22)
        add(gone.questions.map(\.rawValue), tag: 23)
        add(gone.articles.map(\.rawValue), tag: 24)
        add(hiddenUsers.map(\.rawValue), tag: 25)
        digest.add(tag: 26)
        for name in hiddenUserNames.sorted() { digest.add(name) }
        digest.add(tag: 27)
        for url in removedImages.sorted() { digest.add(url.rawValue) }
    }
}
