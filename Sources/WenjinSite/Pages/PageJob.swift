import WenjinBuildSupport
import WenjinModel

/// One page the build writes, named by what it shows; the list of them is the page plan.
/// Small values, so the plan of a large archive costs little before rendering starts.
///
/// To add a page kind: a case here (and in `plan`, `path` and `bodies`), its file in
/// `SiteLayout`, a function returning its `PageFrame` in an extension of `PageRenderer`, the
/// inputs it reads in `PageInputs`, and its template in `Themes/default/templates/`.
enum PageJob: Sendable, Hashable {
    case home(page: Int)
    case unanswered(page: Int)
    case articleList(page: Int)
    case topicsIndex(page: Int)
    case usersIndex(page: Int)
    case question(QuestionID)
    case article(ArticleID)
    case user(UserID, page: Int)
    case topic(TopicID, page: Int)
    /// A post or profile kept only as a notice.
    case withdrawn(WithdrawnPage)
    case search
    case notFound
    case about

    /// Every page of the archive, in a fixed order.
    static func plan(for archive: ArchiveLookup) -> [PageJob] {
        let content = archive.content
        let perPage = Pagination.questionsPerPage
        var jobs: [PageJob] = [.search, .notFound, .about]
        jobs += (1...Pagination.pageCount(itemCount: content.questions.count, perPage: perPage)).map { .home(page: $0) }
        jobs += (1...Pagination.pageCount(itemCount: archive.unansweredQuestions.count, perPage: perPage)).map { .unanswered(page: $0) }
        jobs += (1...Pagination.pageCount(itemCount: content.articles.count, perPage: perPage)).map { .articleList(page: $0) }
        jobs += (1...Pagination.pageCount(itemCount: content.topics.count, perPage: Pagination.namesPerPage)).map { .topicsIndex(page: $0) }
        jobs += (1...Pagination.pageCount(itemCount: content.users.count, perPage: Pagination.namesPerPage)).map { .usersIndex(page: $0) }
        jobs += content.questions.map { .question($0.id) }
        jobs += content.articles.map { .article($0.id) }
        jobs += WithdrawnPage.all(in: content.withdrawals).map { .withdrawn($0) }
        for user in content.users {
            let count = max(archive.questionsByAsker[user.id]?.count ?? 0, archive.answersByAuthor[user.id]?.count ?? 0,
                            archive.articlesByAuthor[user.id]?.count ?? 0)
            jobs += (1...Pagination.pageCount(itemCount: count, perPage: perPage)).map { .user(user.id, page: $0) }
        }
        for topic in content.topics {
            let count = archive.questionsByTopic[topic.id]?.count ?? 0
            jobs += (1...Pagination.pageCount(itemCount: count, perPage: perPage)).map { .topic(topic.id, page: $0) }
        }
        return jobs
    }
}

extension PageJob {
    /// The file the page is written to.
    var path: SitePath {
        switch self {
        case .home(let page): SiteLayout.home(page: page)
        case .unanswered(let page): SiteLayout.unanswered(page: page)
        case .articleList(let page): SiteLayout.articles(page: page)
        case .topicsIndex(let page): SiteLayout.topicsIndex(page: page)
        case .usersIndex(let page): SiteLayout.usersIndex(page: page)
        case .question(let id): SiteLayout.question(id)
        case .article(let id): SiteLayout.article(id)
        case .user(let id, let page): SiteLayout.user(id, page: page)
        case .topic(let id, let page): SiteLayout.topic(id, page: page)
        case .withdrawn(let page): page.path
        case .search: SiteLayout.search
        case .notFound: SiteLayout.notFound
        case .about: SiteLayout.about
        }
    }

    /// The bodies whose HTML the page shows (other pages show at most their plain text).
    func bodies(in archive: ArchiveLookup) -> [BodyKey] {
        switch self {
        case .question(let id): [.question(id)] + (archive.content.answers[id] ?? []).map { .answer($0.id) }
        case .article(let id): [.article(id)]
        default: []
        }
    }
}
