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

    /// Every page of the archive, in a fixed order. Appended into one array sized up front,
    /// IDs read in place: no list of copies on the way (at 100,000 questions the plan holds
    /// some 150,000 pages, made at every build).
    static func plan(for archive: ArchiveLookup) -> [PageJob] {
        let content = archive.content
        let perPage = Pagination.questionsPerPage
        let withdrawn = WithdrawnPage.all(in: content.withdrawals)
        var jobs: [PageJob] = [.search, .notFound, .about]
        jobs.reserveCapacity(jobs.count + content.questions.count + content.articles.count + withdrawn.count
                             + content.users.count + content.topics.count + 64)
        func pages(_ count: Int, perPage: Int, _ job: (Int) -> PageJob) {
            for page in 1...Pagination.pageCount(itemCount: count, perPage: perPage) { jobs.append(job(page)) }
        }
        pages(content.questions.count, perPage: perPage) { .home(page: $0) }
        pages(archive.unansweredQuestions.count, perPage: perPage) { .unanswered(page: $0) }
        pages(content.articles.count, perPage: perPage) { .articleList(page: $0) }
        pages(content.topics.count, perPage: Pagination.namesPerPage) { .topicsIndex(page: $0) }
        pages(content.users.count, perPage: Pagination.namesPerPage) { .usersIndex(page: $0) }
        for place in content.questions.indices { jobs.append(.question(content.questions[place].id)) }
        for place in content.articles.indices { jobs.append(.article(content.articles[place].id)) }
        for page in withdrawn { jobs.append(.withdrawn(page)) }
        for place in content.users.indices {
            let id = content.users[place].id
            let count = max(archive.questionsByAsker[id].count, archive.answersByAuthor[id].count, archive.articlesByAuthor[id].count)
            pages(count, perPage: perPage) { .user(id, page: $0) }
        }
        for place in content.topics.indices {
            let id = content.topics[place].id
            pages(archive.questionsByTopic[id].count, perPage: perPage) { .topic(id, page: $0) }
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
