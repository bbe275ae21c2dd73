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
        // Three independent groups of lookups, built side by side: a rebuild waits on this. Each
        // table is sized up front and each list sorted in place: at 100,000 questions, growing
        // and copying them was a good part of this work and of the fresh memory it touched.
        let (byID, byAnswer, byQuestion) = SideBySide.run({ Self.entitiesByID(content) },
                                                          { Self.answerLookups(content) },
                                                          { Self.questionLookups(content) })
        (questionsByID, articlesByID, usersByID, topicsByID, usersByName, topicsByTitle, avatars) = byID
        (questionOfAnswer, answersByAuthor) = byAnswer
        (questionsByTopic, questionsByAsker, unansweredQuestions, articlesByTopic, articlesByAuthor, relatedQuestions) = byQuestion
    }

    /// Of two entities with one ID, the first is kept (set last, from the end).
    private static func byID<Entity, ID: Hashable>(_ entities: [Entity], _ id: (Entity) -> ID) -> [ID: Entity] {
        var table: [ID: Entity] = [:]
        table.reserveCapacity(entities.count)
        for entity in entities.reversed() { table[id(entity)] = entity }
        return table
    }

    private static func entitiesByID(_ content: ArchiveContent) -> (
        [QuestionID: Question], [ArticleID: Article], [UserID: User], [TopicID: Topic], [String: UserID], [String: TopicID],
        [UserID: SitePath]
    ) {
        let questionsByID = byID(content.questions, \.id)
        let articlesByID = byID(content.articles, \.id)
        let usersByID = byID(content.users, \.id)
        let topicsByID = byID(content.topics, \.id)
        var names: [String: UserID] = [:]
        names.reserveCapacity(content.users.count * 2)
        // Login names first, then nick names that no login name took; users come by ID, so the
        // lower ID wins a tie.
        for user in content.users {
            let name = Sanitizer.decodeEntities(user.userName)
            if names[name] == nil { names[name] = user.id }
        }
        for user in content.users {
            if let nick = user.nickName.map(Sanitizer.decodeEntities), !nick.isEmpty, names[nick] == nil { names[nick] = user.id }
        }
        var titles: [String: TopicID] = [:]
        titles.reserveCapacity(content.topics.count)
        for topic in content.topics.sorted(by: { $0.id < $1.id }) {
            let title = Sanitizer.decodeEntities(topic.title)
            if titles[title] == nil { titles[title] = topic.id }
        }
        var avatars: [UserID: SitePath] = [:]
        avatars.reserveCapacity(content.users.count)
        for user in content.users { avatars[user.id] = ArchiveLinks.avatarPath(of: user, in: content) }
        return (questionsByID, articlesByID, usersByID, topicsByID, names, titles, avatars)
    }

    private static func answerLookups(_ content: ArchiveContent) -> ([AnswerID: QuestionID], [UserID: [Answer]]) {
        var questionOfAnswer: [AnswerID: QuestionID] = [:]
        questionOfAnswer.reserveCapacity(content.answers.values.reduce(0) { $0 + $1.count })
        var answersByAuthor: [UserID: [Answer]] = [:]
        answersByAuthor.reserveCapacity(content.users.count)
        for (question, answers) in content.answers {
            for answer in answers {
                questionOfAnswer[answer.id] = question
                if let author = answer.authorID, !answer.isAnonymous { answersByAuthor[author, default: []].append(answer) }
            }
        }
        for list in answersByAuthor.values.indices {
            answersByAuthor.values[list].sort { ($0.addTime ?? .distantPast, $0.id) > ($1.addTime ?? .distantPast, $1.id) }
        }
        return (questionOfAnswer, answersByAuthor)
    }

    private static func questionLookups(_ content: ArchiveContent) -> (
        [TopicID: [Question]], [UserID: [Question]], [Question], [TopicID: [Article]], [UserID: [Article]], RelatedQuestions
    ) {
        var byTopic: [TopicID: [Question]] = [:]
        byTopic.reserveCapacity(content.topics.count)
        var byAsker: [UserID: [Question]] = [:]
        byAsker.reserveCapacity(content.users.count)
        for question in content.questions {
            for topic in question.topicIDs { byTopic[topic, default: []].append(question) }
            if let asker = question.askerID, !question.isAnonymous { byAsker[asker, default: []].append(question) }
        }
        for list in byAsker.values.indices { byAsker.values[list].sort { ($0.addTime, $0.id) > ($1.addTime, $1.id) } }
        let unanswered = content.questions.filter { content.answers[$0.id]?.isEmpty ?? true }
        var articlesByTopic: [TopicID: [Article]] = [:]
        var articlesByAuthor: [UserID: [Article]] = [:]
        for article in content.articles {
            for topic in article.topicIDs { articlesByTopic[topic, default: []].append(article) }
            articlesByAuthor[article.authorID, default: []].append(article)
        }
        return (byTopic, byAsker, unanswered, articlesByTopic, articlesByAuthor, RelatedQuestions(questionsByTopic: byTopic))
    }
}
