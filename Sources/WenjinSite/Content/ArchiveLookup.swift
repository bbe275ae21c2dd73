import Foundation
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

    /// Whether the lookups that walk the whole archive were taken from the last build's
    /// (`KeptLookups`) rather than made.
    let tookKept: Bool

    /// The lookups of `content`, all made.
    init(_ content: ArchiveContent) {
        self.init(content, made: Made(content, answerLists: LookupLayout.answerLists(of: content)), tookKept: false)
    }

    /// The lookups of `content`, the ones that walk the whole archive taken from those kept in
    /// `folder` when they were made from the same layout (`LookupLayout`): a rebuild that changed
    /// no list, order or ID finds them there. Otherwise made, and kept there for the next build.
    init(_ content: ArchiveContent, keptIn folder: URL) {
        let lists = LookupLayout.answerLists(of: content)
        // The file read and checked beside the layout's walk.
        let (layout, file) = SideBySide.run({ LookupLayout.digest(of: content, answerLists: lists) }, { KeptLookups.load(from: folder) })
        if let kept = file, kept.layout == layout, let made = kept.made(for: content, answerLists: lists) {
            self.init(content, made: made, tookKept: true)
            return
        }
        let made = Made(content, answerLists: lists)
        KeptLookups(layout: layout, made: made).save(in: folder)
        self.init(content, made: made, tookKept: false)
    }

    private init(_ content: ArchiveContent, made: Made, tookKept: Bool) {
        self.content = content
        self.tookKept = tookKept
        (questionsByID, articlesByID, usersByID, topicsByID) = (made.questionsByID, made.articlesByID, made.usersByID, made.topicsByID)
        (questionOfAnswer, answersByAuthor) = (made.questionOfAnswer, made.answersByAuthor)
        (questionsByTopic, questionsByAsker) = (made.questionsByTopic, made.questionsByAsker)
        unansweredQuestions = PlacedList(content.questions, positions: made.unanswered[...])
        let articles = content.articles
        articlesByTopic = ListsByOwner(articles) { $0.topicIDs.lazy.map(\.rawValue) }
        articlesByAuthor = ListsByOwner(articles) { CollectionOfOne($0.authorID.rawValue) }
        relatedQuestions = RelatedQuestions(questionsByTopic)
        avatars = AvatarPaths(users: usersByID, content: content)
        usersByName = NameTable { Self.names(of: content.users) }
        topicsByTitle = NameTable { Self.titles(of: content.topics) }
    }

    /// The lookups that walk the whole archive, each a function of its layout (`LookupLayout`):
    /// what `KeptLookups` keeps.
    struct Made: Sendable {
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

        init(questionsByID: EntityTable<QuestionID, Question>, articlesByID: EntityTable<ArticleID, Article>,
             usersByID: EntityTable<UserID, User>, topicsByID: EntityTable<TopicID, Topic>,
             questionOfAnswer: EntityTable<AnswerID, QuestionID>, answersByAuthor: ListsByOwner<UserID, Answer>,
             questionsByTopic: ListsByOwner<TopicID, Question>, questionsByAsker: ListsByOwner<UserID, Question>, unanswered: [Int32]) {
            (self.questionsByID, self.articlesByID, self.usersByID, self.topicsByID) = (questionsByID, articlesByID, usersByID, topicsByID)
            (self.questionOfAnswer, self.answersByAuthor) = (questionOfAnswer, answersByAuthor)
            (self.questionsByTopic, self.questionsByAsker, self.unanswered) = (questionsByTopic, questionsByAsker, unanswered)
        }

        init(_ content: ArchiveContent, answerLists: LookupLayout.AnswerLists) {
            // Three groups of lookups of about equal work, built side by side: a rebuild waits on this.
            let (byID, byAuthor, byQuestion) = SideBySide.run({
                (ArchiveLookup.entitiesByID(content), ArchiveLookup.questionOfAnswer(answerLists))
            }, { ArchiveLookup.answersByAuthor(answerLists) },
                                                              { ArchiveLookup.questionLookups(content) })
            ((questionsByID, articlesByID, usersByID, topicsByID), questionOfAnswer) = byID
            answersByAuthor = byAuthor
            (questionsByTopic, questionsByAsker, unanswered) = byQuestion
        }
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
    private static func questionOfAnswer(_ lists: LookupLayout.AnswerLists) -> EntityTable<AnswerID, QuestionID> {
        let total = lists.reduce(0) { $0 + $1.answers.count }
        var answerIDs: [Int] = [], questions: [QuestionID] = []
        answerIDs.reserveCapacity(total)
        questions.reserveCapacity(total)
        for list in lists.indices {
            for index in lists[list].answers.indices {
                answerIDs.append(lists[list].answers[index].id.rawValue)
                questions.append(lists[list].question)
            }
        }
        return EntityTable(ids: answerIDs, values: questions)
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

    /// The answers with a shown author, in the layout's order (`LookupLayout.answerLists`), each
    /// also handed to `each`: the table `answersByAuthor`'s places point into, made again for
    /// kept places.
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
