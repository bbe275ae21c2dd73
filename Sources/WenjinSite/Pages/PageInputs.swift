import WenjinBuildSupport
import WenjinModel

/// A page's fingerprint from its inputs: the digests of every entity and body it shows, the
/// slice of each list it shows, and the site-wide `seed` (theme, program, site settings). Two
/// builds that compute the same fingerprint for a page would render the same bytes, so it is
/// not rendered again (`StagedOutput`, `OutputManifest`) — and computing it costs a few lookups
/// per entity, where building the page's view model to hash it cost more than rendering it.
///
/// Each function here mirrors the page function named in its comment and must name
/// everything that one reads; naming more only costs a needless render. `PageInputsTests`
/// checks the two agree: builds after random edits of every field equal full builds.
extension PageRenderer {
    func fingerprint(of job: PageJob, entities: EntityDigests, seed: PageFingerprint) -> PageFingerprint {
        var inputs = PageInputs(seed: seed, entities: entities, renderer: self)
        inputs.digest.add(job.path.text)
        switch job {
        case .home(let page): inputs.questionList(content.questions, page: page)
        case .unanswered(let page): inputs.questionList(index.unansweredQuestions, page: page)
        case .articleList(let page): inputs.articleList(page)
        case .topicsIndex(let page): inputs.topicsIndex(page)
        case .usersIndex(let page): inputs.usersIndex(page)
        case .question(let id): inputs.question(id)
        case .article(let id): inputs.article(id)
        case .user(let id, let page): inputs.user(id, page: page)
        case .topic(let id, let page): inputs.topic(id, page: page)
        case .withdrawn(let page): inputs.digest.add(word: UInt64(page.withdrawal.rawValue))
        case .search, .notFound: break
        case .about: inputs.about()
        }
        return PageFingerprint(value: inputs.digest.finish())
    }
}

private struct PageInputs {
    var digest: ContentDigest
    let entities: EntityDigests
    let renderer: PageRenderer
    var index: ArchiveIndex { renderer.index }
    var content: ArchiveContent { renderer.index.content }

    init(seed: PageFingerprint, entities: EntityDigests, renderer: PageRenderer) {
        digest = ContentDigest(seed: seed.value)
        self.entities = entities
        self.renderer = renderer
    }

    private mutating func add(_ value: UInt64?) { digest.add(word: value ?? 0x6E6F_6E65) }
    private mutating func add(count: Int) { digest.add(tag: 10); digest.add(word: UInt64(count)) }

    /// `person`: a user as a linked name and avatar; anonymous or unknown ones by their ID.
    private mutating func person(_ id: UserID?, anonymous: Bool = false) {
        let hidden = id.map(content.withdrawals.hiddenUsers.contains) == true
        digest.add(tag: anonymous ? 11 : hidden ? 13 : 12)
        digest.add(word: UInt64(bitPattern: Int64(id?.rawValue ?? -1)))
        if let id, !anonymous { add(entities.users[id]) }
    }

    private mutating func topics(_ ids: [TopicID]) {
        add(count: ids.count)
        for id in ids { add(entities.topics[id]) }
    }

    private mutating func pagination(page: Int, itemCount: Int, perPage: Int) {
        let pagination = Pagination(page: page, itemCount: itemCount, perPage: perPage)
        add(count: pagination.page)
        add(count: pagination.pageCount)
    }

    /// `questionSummary`.
    private mutating func summary(_ question: Question) {
        add(entities.questions[question.id])
        add(count: content.answers[question.id]?.count ?? 0)
        add(count: renderer.shownBestAnswer(of: question) == nil ? 0 : 1)
        person(question.askerID, anonymous: question.isAnonymous)
        topics(question.topicIDs)
    }

    /// `articleSummary`.
    private mutating func summary(_ article: Article) {
        add(entities.articles[article.id])
        person(article.authorID)
        topics(article.topicIDs)
    }

    /// `homePage`, `unansweredPage` (`questionList`).
    mutating func questionList(_ questions: [Question], page: Int) {
        let perPage = Pagination.questionsPerPage
        pagination(page: page, itemCount: questions.count, perPage: perPage)
        for question in Pagination(page: page, itemCount: questions.count, perPage: perPage).slice(questions, perPage: perPage) {
            summary(question)
        }
    }

    /// `articleListPage`.
    mutating func articleList(_ page: Int) {
        let perPage = Pagination.questionsPerPage
        pagination(page: page, itemCount: content.articles.count, perPage: perPage)
        for article in Pagination(page: page, itemCount: content.articles.count, perPage: perPage).slice(content.articles, perPage: perPage) {
            summary(article)
        }
    }

    /// `topicsIndexPage`.
    mutating func topicsIndex(_ page: Int) {
        let perPage = Pagination.namesPerPage
        pagination(page: page, itemCount: content.topics.count, perPage: perPage)
        for topic in Pagination(page: page, itemCount: content.topics.count, perPage: perPage).slice(content.topics, perPage: perPage) {
            add(entities.topics[topic.id])
            add(count: index.questionsByTopic[topic.id]?.count ?? 0)
        }
    }

    /// `usersIndexPage`.
    mutating func usersIndex(_ page: Int) {
        let perPage = Pagination.namesPerPage
        pagination(page: page, itemCount: content.users.count, perPage: perPage)
        for user in Pagination(page: page, itemCount: content.users.count, perPage: perPage).slice(content.users, perPage: perPage) {
            person(user.id)
            add(count: index.questionsByAsker[user.id]?.count ?? 0)
            add(count: index.answersByAuthor[user.id]?.count ?? 0)
        }
    }

    /// `questionPage`, with its structured data.
    mutating func question(_ id: QuestionID) {
        guard let question = index.questionsByID[id] else { return }
        add(entities.questions[id])
        digest.add(word: renderer.bodies.digest(.question(id)))
        person(question.askerID, anonymous: question.isAnonymous)
        topics(question.topicIDs)
        let answers = renderer.orderedAnswers(of: question)
        add(count: answers.count)
        for answer in answers {
            add(entities.answers[answer.id])
            digest.add(word: renderer.bodies.digest(.answer(answer.id)))
            person(answer.authorID, anonymous: answer.isAnonymous)
            let comments = content.answerComments[answer.id] ?? []
            let thread = ThreadAnonymity(answer: answer, comments: comments)
            for comment in comments {
                person(comment.authorID, anonymous: thread.hides(comment.authorID))
                if let replyTo = comment.atUserID { person(replyTo, anonymous: thread.hides(replyTo)) }
            }
        }
        let related = index.relatedQuestions.of(question)
        add(count: related.count)
        for id in related {
            add(entities.questions[id])
            add(count: content.answers[id]?.count ?? 0)
        }
    }

    /// `articlePage`.
    mutating func article(_ id: ArticleID) {
        guard let article = index.articlesByID[id] else { return }
        add(entities.articles[id])
        digest.add(word: renderer.bodies.digest(.article(id)))
        person(article.authorID)
        topics(article.topicIDs)
        for comment in content.articleComments[id] ?? [] {
            person(comment.authorID)
            if let replyTo = comment.atUserID { person(replyTo) }
        }
    }

    /// `userPage`.
    mutating func user(_ id: UserID, page: Int) {
        guard index.usersByID[id] != nil else { return }
        person(id)
        let perPage = Pagination.questionsPerPage
        let questions = index.questionsByAsker[id] ?? []
        let answers = index.answersByAuthor[id] ?? []
        let articles = index.articlesByAuthor[id] ?? []
        let itemCount = max(questions.count, answers.count, articles.count)
        pagination(page: page, itemCount: itemCount, perPage: perPage)
        add(count: questions.count)
        add(count: answers.count)
        add(count: articles.count)
        let pagination = Pagination(page: page, itemCount: itemCount, perPage: perPage)
        for question in pagination.slice(questions, perPage: perPage) { summary(question) }
        for answer in pagination.slice(answers, perPage: perPage) {
            add(entities.answers[answer.id])
            add(entities.questions[answer.questionID])
        }
        for article in pagination.slice(articles, perPage: perPage) { summary(article) }
    }

    /// `topicPage`; its first page shows the best answers among all the topic's questions.
    mutating func topic(_ id: TopicID, page: Int) {
        guard index.topicsByID[id] != nil else { return }
        add(entities.topics[id])
        let perPage = Pagination.questionsPerPage
        let questions = index.questionsByTopic[id] ?? []
        pagination(page: page, itemCount: questions.count, perPage: perPage)
        add(count: questions.count)
        let pagination = Pagination(page: page, itemCount: questions.count, perPage: perPage)
        for question in pagination.slice(questions, perPage: perPage) { summary(question) }
        guard pagination.page == 1 else { return }
        for question in questions {
            add(entities.questions[question.id])
            for answer in content.answers[question.id] ?? [] {
                add(entities.answers[answer.id])
                person(answer.authorID, anonymous: answer.isAnonymous)
            }
        }
        let articles = (index.articlesByTopic[id] ?? []).prefix(10)
        add(count: articles.count)
        for article in articles { summary(article) }
    }

    /// `aboutPage`.
    mutating func about() {
        DigestEncoder.add(content.counts, to: &digest)
        digest.add(content.sourceBase)
        digest.add(content.crawlFinishedAt ?? "\u{0}")
    }
}
