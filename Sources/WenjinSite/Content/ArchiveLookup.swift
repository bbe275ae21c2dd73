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
        self.init(content, made: WholeArchiveLookups(content, answerLists: LookupLayout.answerLists(of: content)), tookKept: false)
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
        let made = WholeArchiveLookups(content, answerLists: lists)
        KeptLookups(layout: layout, made: made).save(in: folder)
        self.init(content, made: made, tookKept: false)
    }

    private init(_ content: ArchiveContent, made: WholeArchiveLookups, tookKept: Bool) {
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
}
