import Foundation
import WenjinModel
import WenjinStore

/// Everything a build shows, read from the store in one snapshot, in the orders pages list it.
///
/// Read once, up front, so rendering (on both cores) never waits on the store's single
/// connection, and so one build sees one consistent state of the archive.
struct ArchiveContent: Sendable {
    /// Most recently answered first (the archive's index order).
    var questions: [Question]
    /// Per question, in the API's order (most agreed first).
    var answers: [QuestionID: [Answer]]
    /// Per answer, oldest first.
    var answerComments: [AnswerID: [AnswerComment]]
    /// By ID.
    var users: [User]
    /// Most discussed first.
    var topics: [Topic]
    /// Newest first.
    var articles: [Article]
    var articleComments: [ArticleID: [ArticleComment]]
    var assets: [AssetURL: Asset]
    var counts: StoreCounts
    /// The community's base URL, without a trailing slash (`http://wenjin.in`).
    var sourceBase: String
    /// When the last crawl finished, as the store recorded it (ISO 8601), if it did.
    var crawlFinishedAt: String?
    /// What the archive withholds of the store (takedowns, deletions); see `withdrawing`.
    var withdrawals = Withdrawals()

    /// The same archive without the raw bodies, once they are sanitized: pages and indexes
    /// only use the sanitized HTML and texts, and large archives should not hold both.
    func withoutRawBodies() -> ArchiveContent {
        var copy = self
        copy.questions = questions.map { var question = $0; question.detailHTML = ""; return question }
        copy.answers = answers.mapValues { list in list.map { var answer = $0; answer.contentHTML = ""; return answer } }
        copy.articles = articles.map { var article = $0; article.messageHTML = ""; return article }
        return copy
    }

    /// Reads the archive; `fallbackSource` is used when the store does not record its source.
    static func read(from store: Store, fallbackSource: URL?) throws -> ArchiveContent {
        try store.read { reader in
            let questions = try reader.questions()
            // Three queries for every answer and comment, not one per question and per answer.
            // Answers are shown under their question only: one whose question is not stored is left out.
            let stored = try reader.answersByQuestion()
            var answers: [QuestionID: [Answer]] = [:]
            for question in questions { answers[question.id] = stored[question.id] ?? [] }
            let answerComments = try reader.commentsByAnswer()
            let articles = try reader.articles()
            let articleComments = try reader.commentsByArticle()
            var assets: [AssetURL: Asset] = [:]
            for asset in try reader.assets() { assets[asset.url] = asset }
            var source = try reader.meta(.sourceURL) ?? fallbackSource?.absoluteString ?? "http://wenjin.in"
            // A store crawled before `user:password@` was refused may still carry one: never publish it.
            if var components = URLComponents(string: source), components.user != nil || components.password != nil {
                (components.user, components.password) = (nil, nil)
                source = components.string ?? source
            }
            while source.hasSuffix("/") { source.removeLast() }
            return ArchiveContent(
                questions: questions, answers: answers, answerComments: answerComments, users: try reader.users(),
                topics: try reader.topics(), articles: articles, articleComments: articleComments, assets: assets,
                counts: try reader.counts(), sourceBase: source, crawlFinishedAt: try reader.meta(.crawlFinishedAt))
        }
    }
}
