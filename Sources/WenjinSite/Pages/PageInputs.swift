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
///
/// Every read goes through an accessor that also records its `PageInputKey`, so the next build
/// can tell from the inputs' values alone (`InputValues`) that a page needs no new fingerprint
/// (`PlanFingerprints`): reading anything past the accessors would let a page go stale.
extension PageRenderer {
    func fingerprint(of job: PageJob, entities: EntityDigests, seed: PageFingerprint) -> PageFingerprint {
        fingerprintAndInputs(of: job, entities: entities, seed: seed).fingerprint
    }

    /// The fingerprint and the keys of every input it read, sorted and without repeats.
    func fingerprintAndInputs(of job: PageJob, entities: EntityDigests, seed: PageFingerprint)
        -> (fingerprint: PageFingerprint, inputs: [PageInputKey]) {
        var inputs = PageInputs(seed: seed, entities: entities, renderer: self)
        inputs.digest.add(job.path.text)
        switch job {
        case .home(let page): inputs.questionList(inputs.list(.questions, content.questions), page: page)
        case .unanswered(let page): inputs.questionList(inputs.list(.unanswered, archive.unansweredQuestions), page: page)
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
        return (PageFingerprint(value: inputs.digest.finish()), inputs.recordedKeys)
    }
}

private struct PageInputs {
    var digest: ContentDigest
    let entities: EntityDigests
    let renderer: PageRenderer
    private var keys: [PageInputKey] = []
    var archive: ArchiveLookup { renderer.archive }
    var content: ArchiveContent { renderer.archive.content }

    init(seed: PageFingerprint, entities: EntityDigests, renderer: PageRenderer) {
        digest = ContentDigest(seed: seed.value)
        self.entities = entities
        self.renderer = renderer
    }

    var recordedKeys: [PageInputKey] {
        var sorted = keys.sorted()
        var kept = 0
        for key in sorted where kept == 0 || sorted[kept - 1] != key {
            sorted[kept] = key
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }

    // The accessors: each reads one input and records its key (`InputValues` gives the value
    // the next build compares).

    private mutating func questionDigest(_ id: QuestionID) -> UInt64? { keys.append(.question(id)); return entities.questions[id] }
    private mutating func answerDigest(_ id: AnswerID) -> UInt64? { keys.append(.answer(id)); return entities.answers[id] }
    private mutating func userDigest(_ id: UserID) -> UInt64? { keys.append(.user(id)); return entities.users[id] }
    private mutating func topicDigest(_ id: TopicID) -> UInt64? { keys.append(.topic(id)); return entities.topics[id] }
    private mutating func articleDigest(_ id: ArticleID) -> UInt64? { keys.append(.article(id)); return entities.articles[id] }
    private mutating func bodyDigest(_ body: BodyKey) -> UInt64 { keys.append(.body(body)); return renderer.bodies.digest(body) }
    private mutating func isHidden(_ id: UserID) -> Bool { keys.append(.user(id)); return content.withdrawals.hiddenUsers.contains(id) }
    private mutating func answers(of id: QuestionID) -> [Answer] {
        keys.append(.answers(of: id))
        return content.answers[id] ?? []
    }
    private mutating func orderedAnswers(of question: Question) -> [Answer] {
        keys.append(.answers(of: question.id))
        return renderer.orderedAnswers(of: question)
    }
    private mutating func relatedQuestions(of question: Question) -> [QuestionID] {
        for topic in question.topicIDs { keys.append(.lists(of: topic)) }
        return archive.relatedQuestions.of(question)
    }
    private mutating func topicLists(_ id: TopicID) -> (questions: PlacedList<Question>, articles: PlacedList<Article>) {
        keys.append(.lists(of: id))
        return (archive.questionsByTopic[id], archive.articlesByTopic[id])
    }
    private mutating func userLists(_ id: UserID) -> (questions: PlacedList<Question>, answers: PlacedList<Answer>, articles: PlacedList<Article>) {
        keys.append(.lists(of: id))
        return (archive.questionsByAsker[id], archive.answersByAuthor[id], archive.articlesByAuthor[id])
    }
    mutating func list<Items: RandomAccessCollection>(_ list: PageInputKey.Archive, _ items: Items) -> Items {
        keys.append(.archive(list))
        return items
    }

    private mutating func add(_ value: UInt64?) { digest.add(word: value ?? 0x6E6F_6E65) }
    private mutating func add(count: Int) { digest.add(tag: 10); digest.add(word: UInt64(count)) }

    /// `person`: a user as a linked name and avatar; anonymous or unknown ones by their ID.
    private mutating func person(_ id: UserID?, anonymous: Bool = false) {
        let hidden = id.map { isHidden($0) } == true
        digest.add(tag: anonymous ? 11 : hidden ? 13 : 12)
        digest.add(word: UInt64(bitPattern: Int64(id?.rawValue ?? -1)))
        if let id, !anonymous { add(userDigest(id)) }
    }

    private mutating func topics(_ ids: [TopicID]) {
        add(count: ids.count)
        for id in ids { add(topicDigest(id)) }
    }

    private mutating func pagination(page: Int, itemCount: Int, perPage: Int) {
        let pagination = Pagination(page: page, itemCount: itemCount, perPage: perPage)
        add(count: pagination.page)
        add(count: pagination.pageCount)
    }

    /// `questionSummary` (`shownBestAnswer` reads the answers and their withdrawals).
    private mutating func summary(_ question: Question) {
        add(questionDigest(question.id))
        add(count: answers(of: question.id).count)
        add(count: renderer.shownBestAnswer(of: question) == nil ? 0 : 1)
        person(question.askerID, anonymous: question.isAnonymous)
        topics(question.topicIDs)
    }

    /// `articleSummary`.
    private mutating func summary(_ article: Article) {
        add(articleDigest(article.id))
        person(article.authorID)
        topics(article.topicIDs)
    }

    /// `homePage`, `unansweredPage` (`questionList`).
    mutating func questionList(_ questions: some RandomAccessCollection<Question>, page: Int) {
        let perPage = Pagination.questionsPerPage
        pagination(page: page, itemCount: questions.count, perPage: perPage)
        for question in Pagination(page: page, itemCount: questions.count, perPage: perPage).slice(questions, perPage: perPage) {
            summary(question)
        }
    }

    /// `articleListPage`.
    mutating func articleList(_ page: Int) {
        let perPage = Pagination.questionsPerPage
        let articles = list(.articles, content.articles)
        pagination(page: page, itemCount: articles.count, perPage: perPage)
        for article in Pagination(page: page, itemCount: articles.count, perPage: perPage).slice(articles, perPage: perPage) {
            summary(article)
        }
    }

    /// `topicsIndexPage`.
    mutating func topicsIndex(_ page: Int) {
        let perPage = Pagination.namesPerPage
        let topics = list(.topics, content.topics)
        pagination(page: page, itemCount: topics.count, perPage: perPage)
        for topic in Pagination(page: page, itemCount: topics.count, perPage: perPage).slice(topics, perPage: perPage) {
            add(topicDigest(topic.id))
            add(count: topicLists(topic.id).questions.count)
        }
    }

    /// `usersIndexPage`.
    mutating func usersIndex(_ page: Int) {
        let perPage = Pagination.namesPerPage
        let users = list(.users, content.users)
        pagination(page: page, itemCount: users.count, perPage: perPage)
        for user in Pagination(page: page, itemCount: users.count, perPage: perPage).slice(users, perPage: perPage) {
            person(user.id)
            let lists = userLists(user.id)
            add(count: lists.questions.count)
            add(count: lists.answers.count)
        }
    }

    /// `questionPage`, with its structured data. The related sidebar is cut from the lists of
    /// the question's topics (`RelatedQuestions`).
    mutating func question(_ id: QuestionID) {
        keys.append(.question(id))
        guard let question = archive.questionsByID[id] else { return }
        add(questionDigest(id))
        digest.add(word: bodyDigest(.question(id)))
        person(question.askerID, anonymous: question.isAnonymous)
        topics(question.topicIDs)
        let ordered = orderedAnswers(of: question)
        add(count: ordered.count)
        for answer in ordered {
            add(answerDigest(answer.id))
            digest.add(word: bodyDigest(.answer(answer.id)))
            person(answer.authorID, anonymous: answer.isAnonymous)
            let comments = content.answerComments[answer.id] ?? []
            let thread = ThreadAnonymity(answer: answer, comments: comments)
            for comment in comments {
                person(comment.authorID, anonymous: thread.hides(comment.authorID))
                if let replyTo = comment.atUserID { person(replyTo, anonymous: thread.hides(replyTo)) }
            }
        }
        let related = relatedQuestions(of: question)
        add(count: related.count)
        for id in related {
            add(questionDigest(id))
            add(count: answers(of: id).count)
        }
    }

    /// `articlePage`; its comments are part of the article's digest.
    mutating func article(_ id: ArticleID) {
        keys.append(.article(id))
        guard let article = archive.articlesByID[id] else { return }
        add(articleDigest(id))
        digest.add(word: bodyDigest(.article(id)))
        person(article.authorID)
        topics(article.topicIDs)
        for comment in content.articleComments[id] ?? [] {
            person(comment.authorID)
            if let replyTo = comment.atUserID { person(replyTo) }
        }
    }

    /// `userPage`.
    mutating func user(_ id: UserID, page: Int) {
        keys.append(.user(id))
        guard archive.usersByID[id] != nil else { return }
        person(id)
        let perPage = Pagination.questionsPerPage
        let (questions, answers, articles) = userLists(id)
        let itemCount = max(questions.count, answers.count, articles.count)
        pagination(page: page, itemCount: itemCount, perPage: perPage)
        add(count: questions.count)
        add(count: answers.count)
        add(count: articles.count)
        let pagination = Pagination(page: page, itemCount: itemCount, perPage: perPage)
        for question in pagination.slice(questions, perPage: perPage) { summary(question) }
        for answer in pagination.slice(answers, perPage: perPage) {
            add(answerDigest(answer.id))
            add(questionDigest(answer.questionID))
        }
        for article in pagination.slice(articles, perPage: perPage) { summary(article) }
    }

    /// `topicPage`; its first page shows the best answers among all the topic's questions.
    mutating func topic(_ id: TopicID, page: Int) {
        keys.append(.topic(id))
        guard archive.topicsByID[id] != nil else { return }
        add(topicDigest(id))
        let perPage = Pagination.questionsPerPage
        let (questions, topicArticles) = topicLists(id)
        pagination(page: page, itemCount: questions.count, perPage: perPage)
        add(count: questions.count)
        let pagination = Pagination(page: page, itemCount: questions.count, perPage: perPage)
        for question in pagination.slice(questions, perPage: perPage) { summary(question) }
        guard pagination.page == 1 else { return }
        for question in questions {
            add(questionDigest(question.id))
            for answer in answers(of: question.id) {
                add(answerDigest(answer.id))
                person(answer.authorID, anonymous: answer.isAnonymous)
            }
        }
        let articles = topicArticles.prefix(10)
        add(count: articles.count)
        for article in articles { summary(article) }
    }

    /// `aboutPage`.
    mutating func about() {
        keys.append(.archive(.about))
        DigestEncoder.add(content.counts, to: &digest)
        digest.add(content.sourceBase)
        digest.add(content.crawlFinishedAt ?? "\u{0}")
    }
}
