import WenjinBuildSupport
import WenjinModel

/// The lookups that walk the whole archive (`ArchiveLookup`'s tables by ID, the answers'
/// questions, the lists by asker, author and topic, the unanswered questions), each a function
/// of the archive's layout alone (`LookupLayout`): what `KeptLookups` keeps between builds.
struct WholeArchiveLookups: Sendable {
    var questionsByID: EntityTable<QuestionID, Question>
    var articlesByID: EntityTable<ArticleID, Article>
    var usersByID: EntityTable<UserID, User>
    var topicsByID: EntityTable<TopicID, Topic>
    var questionOfAnswer: EntityTable<AnswerID, QuestionID>
    var answersByAuthor: ListsByOwner<UserID, Answer>
    var questionsByTopic: ListsByOwner<TopicID, Question>
    var questionsByAsker: ListsByOwner<UserID, Question>
    /// Places in the questions' table.
    var unanswered: [Int32]
}

extension WholeArchiveLookups {
    /// Made from `content`, whose answer lists in the layout's order are `answerLists`.
    init(_ content: ArchiveContent, answerLists: LookupLayout.AnswerLists) {
        // Three groups of lookups of about equal work, built side by side: a rebuild that cannot
        // take them waits on this.
        let (byID, byAuthor, byQuestion) = SideBySide.run({ (Self.entitiesByID(content), Self.questionOfAnswer(answerLists)) },
                                                          { Self.answersByAuthor(answerLists) },
                                                          { Self.questionLookups(content) })
        ((questionsByID, articlesByID, usersByID, topicsByID), questionOfAnswer) = byID
        answersByAuthor = byAuthor
        (questionsByTopic, questionsByAsker, unanswered) = byQuestion
    }

    private static func entitiesByID(_ content: ArchiveContent) -> (
        EntityTable<QuestionID, Question>, EntityTable<ArticleID, Article>, EntityTable<UserID, User>, EntityTable<TopicID, Topic>
    ) {
        (EntityTable(content.questions, id: \.id), EntityTable(content.articles, id: \.id), EntityTable(content.users, id: \.id),
         EntityTable(content.topics, id: \.id))
    }

    /// The answers' questions by answer ID.
    private static func questionOfAnswer(_ lists: LookupLayout.AnswerLists) -> EntityTable<AnswerID, QuestionID> {
        var answerIDs: [Int] = []
        answerIDs.reserveCapacity(lists.reduce(0) { $0 + $1.answers.count })
        for list in lists.indices {
            for index in lists[list].answers.indices { answerIDs.append(lists[list].answers[index].id.rawValue) }
        }
        return EntityTable(ids: answerIDs, values: answersQuestions(lists))
    }

    /// Each answer's question, answer after answer in the layout's order: the values the answers'
    /// table places point into, made again for kept places.
    static func answersQuestions(_ lists: LookupLayout.AnswerLists) -> [QuestionID] {
        var questions: [QuestionID] = []
        questions.reserveCapacity(lists.reduce(0) { $0 + $1.answers.count })
        for list in lists.indices { questions.append(contentsOf: repeatElement(lists[list].question, count: lists[list].answers.count)) }
        return questions
    }

    /// The answers by author: one table of the authored answers (anonymous ones left out), each
    /// author's list places in it, newest first.
    private static func answersByAuthor(_ lists: LookupLayout.AnswerLists) -> ListsByOwner<UserID, Answer> {
        let total = lists.reduce(0) { $0 + $1.answers.count }
        var authors: [Int] = [], times: [Double] = [], ids: [Int] = []
        authors.reserveCapacity(total)
        times.reserveCapacity(total)
        ids.reserveCapacity(total)
        let authored = authoredAnswers(lists, capacity: total) { answer, author in
            authors.append(author.rawValue)
            times.append((answer.addTime ?? .distantPast).timeIntervalSinceReferenceDate)
            ids.append(answer.id.rawValue)
        }
        let newest = NewestFirst.order(times: times, ids: ids)
        return ListsByOwner<UserID, Answer>(authored, owners: newest.map { authors[$0] }, places: newest.map { Int32($0) })
    }

    /// The answers with a shown author, in the layout's order (`LookupLayout.answerLists`): the
    /// table the places of `answersByAuthor` point into, made again for kept places. `each` is
    /// handed every one as it is added.
    static func authoredAnswers(_ lists: LookupLayout.AnswerLists, capacity: Int, each: (Answer, UserID) -> Void = { _, _ in }) -> [Answer] {
        var authored: [Answer] = []
        authored.reserveCapacity(capacity)
        for list in lists.indices {
            lists[list].answers.withUnsafeBufferPointer { answers in
                for index in answers.indices {
                    if let author = answers[index].authorID, !answers[index].isAnonymous {
                        each(answers[index], author)
                        authored.append(answers[index])
                    }
                }
            }
        }
        return authored
    }

    private static func questionLookups(_ content: ArchiveContent) -> (
        ListsByOwner<TopicID, Question>, ListsByOwner<UserID, Question>, [Int32]
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
        return (byTopic, asked, unanswered)
    }
}
