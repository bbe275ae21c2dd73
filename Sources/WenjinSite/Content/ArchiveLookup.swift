import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer

/// Lookups over `ArchiveContent` that pages need: who wrote what, what is filed under a topic,
/// and entities by ID. Built once per build from the snapshot, never from the store.
struct ArchiveLookup: Sendable {
    let content: ArchiveContent
    let questionsByID: [QuestionID: Question]
    let articlesByID: [ArticleID: Article]
    let usersByID: [UserID: User]
    let topicsByID: [TopicID: Topic]
    /// Login names and nick names (entities decoded) to users, for `people/<name>` links.
    let usersByName: [String: UserID]
    /// Topic titles (entities decoded) to topics, for `topic/<title>` links.
    let topicsByTitle: [String: TopicID]
    /// Answer IDs to the question they answer.
    let questionOfAnswer: [AnswerID: QuestionID]
    /// In the archive's order (most recently answered first).
    let questionsByTopic: [TopicID: [Question]]
    /// Newest first; anonymous questions excluded.
    let questionsByAsker: [UserID: [Question]]
    /// Newest first; anonymous answers excluded.
    let answersByAuthor: [UserID: [Answer]]
    /// Questions without any stored answer, in the archive's order.
    let unansweredQuestions: [Question]
    let articlesByTopic: [TopicID: [Article]]
    let articlesByAuthor: [UserID: [Article]]
    /// Users whose avatar is stored, to its local copy: looked up once per user, not per mention.
    let avatars: [UserID: SitePath]
    /// Each question's neighbours by shared topics, for its page's sidebar.
    let relatedQuestions: RelatedQuestions

    init(_ content: ArchiveContent) {
        self.content = content
        // Three independent groups of lookups, built side by side: a rebuild waits on this.
        let (byID, byAnswer, byQuestion) = SideBySide.run({ Self.entitiesByID(content) },
                                                          { Self.answerLookups(content) },
                                                          { Self.questionLookups(content) })
        (questionsByID, articlesByID, usersByID, topicsByID, usersByName, topicsByTitle, avatars) = byID
        (questionOfAnswer, answersByAuthor) = byAnswer
        (questionsByTopic, questionsByAsker, unansweredQuestions, articlesByTopic, articlesByAuthor) = byQuestion
        relatedQuestions = RelatedQuestions(questionsByTopic: questionsByTopic)
    }

    private static func entitiesByID(_ content: ArchiveContent) -> (
        [QuestionID: Question], [ArticleID: Article], [UserID: User], [TopicID: Topic], [String: UserID], [String: TopicID],
        [UserID: SitePath]
    ) {
        let questionsByID = Dictionary(content.questions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let articlesByID = Dictionary(content.articles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let usersByID = Dictionary(content.users.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let topicsByID = Dictionary(content.topics.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var names: [String: UserID] = [:]
        // Login names first, then nick names that no login name took; users come by ID, so the
        // lower ID wins a tie.
        for user in content.users where names[Sanitizer.decodeEntities(user.userName)] == nil {
            names[Sanitizer.decodeEntities(user.userName)] = user.id
        }
        for user in content.users {
            if let nick = user.nickName.map(Sanitizer.decodeEntities), !nick.isEmpty, names[nick] == nil { names[nick] = user.id }
        }
        var titles: [String: TopicID] = [:]
        for topic in content.topics.sorted(by: { $0.id < $1.id }) where titles[Sanitizer.decodeEntities(topic.title)] == nil {
            titles[Sanitizer.decodeEntities(topic.title)] = topic.id
        }
        var avatars: [UserID: SitePath] = [:]
        for user in content.users { avatars[user.id] = ArchiveLinks.avatarPath(of: user, in: content) }
        return (questionsByID, articlesByID, usersByID, topicsByID, names, titles, avatars)
    }

    private static func answerLookups(_ content: ArchiveContent) -> ([AnswerID: QuestionID], [UserID: [Answer]]) {
        var questionOfAnswer: [AnswerID: QuestionID] = [:]
        var answersByAuthor: [UserID: [Answer]] = [:]
        for (question, answers) in content.answers {
            for answer in answers {
                questionOfAnswer[answer.id] = question
                if let author = answer.authorID, !answer.isAnonymous { answersByAuthor[author, default: []].append(answer) }
            }
        }
        return (questionOfAnswer, answersByAuthor.mapValues { list in
            list.sorted { ($0.addTime ?? .distantPast, $0.id) > ($1.addTime ?? .distantPast, $1.id) }
        })
    }

    private static func questionLookups(_ content: ArchiveContent) -> (
        [TopicID: [Question]], [UserID: [Question]], [Question], [TopicID: [Article]], [UserID: [Article]]
    ) {
        var byTopic: [TopicID: [Question]] = [:]
        var byAsker: [UserID: [Question]] = [:]
        for question in content.questions {
            for topic in question.topicIDs { byTopic[topic, default: []].append(question) }
            if let asker = question.askerID, !question.isAnonymous { byAsker[asker, default: []].append(question) }
        }
        let unanswered = content.questions.filter { (content.answers[$0.id] ?? []).isEmpty }
        var articlesByTopic: [TopicID: [Article]] = [:]
        var articlesByAuthor: [UserID: [Article]] = [:]
        for article in content.articles {
            for topic in article.topicIDs { articlesByTopic[topic, default: []].append(article) }
            articlesByAuthor[article.authorID, default: []].append(article)
        }
        return (byTopic, byAsker.mapValues { list in list.sorted { ($0.addTime, $0.id) > ($1.addTime, $1.id) } }, unanswered,
                articlesByTopic, articlesByAuthor)
    }
}
