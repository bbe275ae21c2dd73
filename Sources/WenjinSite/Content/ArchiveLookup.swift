import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer

/// Lookups over `ArchiveContent` that pages need: who wrote what, what is filed under a topic,
/// and entities by ID. Built once per build from the snapshot, never from the store.
struct ArchiveLookup: Sendable {
    let content: ArchiveContent
    let questionsByID: EntityTable<QuestionID, Question>
    let articlesByID: EntityTable<ArticleID, Article>
    let usersByID: EntityTable<UserID, User>
    let topicsByID: EntityTable<TopicID, Topic>
    /// Login names and nick names (entities decoded) to users, for `people/<name>` links.
    let usersByName: NameTable<UserID>
    /// Topic titles (entities decoded) to topics, for `topic/<title>` links.
    let topicsByTitle: NameTable<TopicID>
    /// Answer IDs to the question they answer.
    let questionOfAnswer: EntityTable<AnswerID, QuestionID>
    /// In the archive's order (most recently answered first). The lists hold places in
    /// `content`'s tables, not copies (`PlacedList`).
    let questionsByTopic: ListsByOwner<TopicID, Question>
    /// Newest first; anonymous questions excluded.
    let questionsByAsker: ListsByOwner<UserID, Question>
    /// Newest first; anonymous answers excluded.
    let answersByAuthor: ListsByOwner<UserID, Answer>
    /// Questions without any stored answer, in the archive's order.
    let unansweredQuestions: PlacedList<Question>
    let articlesByTopic: ListsByOwner<TopicID, Article>
    let articlesByAuthor: ListsByOwner<UserID, Article>
    /// Users whose avatar is stored, to its local copy.
    let avatars: AvatarPaths
    /// Each question's neighbours by shared topics, for its page's sidebar.
    let relatedQuestions: RelatedQuestions

    init(_ content: ArchiveContent) {
        self.content = content
        // Three groups of lookups of about equal work, built side by side: a rebuild waits on this.
        let (byID, byAuthor, byQuestion) = SideBySide.run({ (Self.entitiesByID(content), Self.questionOfAnswer(content)) },
                                                          { Self.answersByAuthor(content) },
                                                          { Self.questionLookups(content) })
        ((questionsByID, articlesByID, usersByID, topicsByID), questionOfAnswer) = byID
        answersByAuthor = byAuthor
        (questionsByTopic, questionsByAsker, unansweredQuestions, articlesByTopic, articlesByAuthor, relatedQuestions) = byQuestion
        avatars = AvatarPaths(users: usersByID, content: content)
        usersByName = NameTable { Self.names(of: content.users) }
        topicsByTitle = NameTable { Self.titles(of: content.topics) }
    }

    private static func entitiesByID(_ content: ArchiveContent) -> (
        EntityTable<QuestionID, Question>, EntityTable<ArticleID, Article>, EntityTable<UserID, User>, EntityTable<TopicID, Topic>
    ) {
        (EntityTable(content.questions, id: \.id), EntityTable(content.articles, id: \.id), EntityTable(content.users, id: \.id),
         EntityTable(content.topics, id: \.id))
    }

    /// Login names first, then nick names that no login name took; users come by ID, so the
    /// lower ID wins a tie.
    private static func names(of users: [User]) -> [String: UserID] {
        var names: [String: UserID] = [:]
        names.reserveCapacity(users.count * 2)
        for user in users {
            let name = Sanitizer.decodeEntities(user.userName)
            if names[name] == nil { names[name] = user.id }
        }
        for user in users {
            if let nick = user.nickName.map(Sanitizer.decodeEntities), !nick.isEmpty, names[nick] == nil { names[nick] = user.id }
        }
        return names
    }

    /// Of two topics with one title, the lower ID wins.
    private static func titles(of topics: [Topic]) -> [String: TopicID] {
        var titles: [String: TopicID] = [:]
        titles.reserveCapacity(topics.count)
        for topic in topics.sorted(by: { $0.id < $1.id }) {
            let title = Sanitizer.decodeEntities(topic.title)
            if titles[title] == nil { titles[title] = topic.id }
        }
        return titles
    }

    /// The answers' questions by answer ID.
    private static func questionOfAnswer(_ content: ArchiveContent) -> EntityTable<AnswerID, QuestionID> {
        let total = content.answers.values.reduce(0) { $0 + $1.count }
        var answerIDs: [Int] = [], questions: [QuestionID] = []
        answerIDs.reserveCapacity(total)
        questions.reserveCapacity(total)
        for (question, answers) in content.answers {
            for index in answers.indices {
                answerIDs.append(answers[index].id.rawValue)
                questions.append(question)
            }
        }
        return EntityTable(ids: answerIDs, values: questions)
    }

    /// The answers by author: one table of the authored answers (anonymous ones left out), each
    /// author's list places in it, newest first.
    private static func answersByAuthor(_ content: ArchiveContent) -> ListsByOwner<UserID, Answer> {
        let total = content.answers.values.reduce(0) { $0 + $1.count }
        var authored: [Answer] = [], authors: [Int] = [], times: [Double] = [], ids: [Int] = []
        authored.reserveCapacity(total)
        authors.reserveCapacity(total)
        times.reserveCapacity(total)
        ids.reserveCapacity(total)
        for answers in content.answers.values {
            for index in answers.indices {
                if let author = answers[index].authorID, !answers[index].isAnonymous {
                    authors.append(author.rawValue)
                    authored.append(answers[index])
                    times.append((answers[index].addTime ?? .distantPast).timeIntervalSinceReferenceDate)
                    ids.append(answers[index].id.rawValue)
                }
            }
        }
        let newest = NewestFirst.order(times: times, ids: ids)
        return ListsByOwner<UserID, Answer>(authored, owners: newest.map { authors[$0] }, places: newest.map { Int32($0) })
    }

    private static func questionLookups(_ content: ArchiveContent) -> (
        ListsByOwner<TopicID, Question>, ListsByOwner<UserID, Question>, PlacedList<Question>,
        ListsByOwner<TopicID, Article>, ListsByOwner<UserID, Article>, RelatedQuestions
    ) {
        let questions = content.questions
        var topics: [Int] = [], topicPlaces: [Int32] = [], askers: [Int] = [], askerPlaces: [Int32] = []
        var unanswered: [Int32] = []
        topics.reserveCapacity(questions.count * 2)
        topicPlaces.reserveCapacity(questions.count * 2)
        askers.reserveCapacity(questions.count)
        askerPlaces.reserveCapacity(questions.count)
        for place in questions.indices {
            // Read in place: a copy of each question retains its strings and topic list.
            for topic in questions[place].topicIDs {
                topics.append(topic.rawValue)
                topicPlaces.append(Int32(place))
            }
            if let asker = questions[place].askerID, !questions[place].isAnonymous {
                askers.append(asker.rawValue)
                askerPlaces.append(Int32(place))
            }
            if content.answers[questions[place].id]?.isEmpty ?? true { unanswered.append(Int32(place)) }
        }
        let byTopic = ListsByOwner<TopicID, Question>(questions, owners: topics, places: topicPlaces)
        let newest = NewestFirst.order(times: askerPlaces.map { questions[Int($0)].addTime.timeIntervalSinceReferenceDate },
                                       ids: askerPlaces.map { questions[Int($0)].id.rawValue })
        let asked = ListsByOwner<UserID, Question>(questions, owners: newest.map { askers[$0] }, places: newest.map { askerPlaces[$0] })
        let articles = content.articles
        return (byTopic, asked, PlacedList(questions, positions: unanswered[...]),
                ListsByOwner(articles) { $0.topicIDs.lazy.map(\.rawValue) }, ListsByOwner(articles) { CollectionOfOne($0.authorID.rawValue) },
                RelatedQuestions(byTopic))
    }
}
