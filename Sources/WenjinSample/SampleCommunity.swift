// WenjinSample owns the sample WENJIN community: a deterministic generator, its answers in both
// API dialects (WENJIN's and upstream WeCenter 3.1's), injected faults, and the loopback server that
// tests, benchmarks and the demo crawl. The archive pipeline (crawl, build) must never import it.

/// The sample WENJIN community: a deterministic, realistic Chinese Q&A site that the sample server
/// serves through the real API. Only metadata is held in memory; bodies are written on demand from
/// each entity's own random stream, so 100,000 questions fit comfortably.
public struct SampleCommunity: Sendable {
    public struct Options: Sendable, Hashable {
        public var seed: UInt64
        public var questions: Int
        /// Answers edited after they were posted (the sample's way to test incremental crawls):
        /// each carries an edit mark and bumps its question's update time.
        public var editedAnswers: Int
        /// Questions, answers and users deleted later (`SampleCommunity+Changes`): they answer as
        /// deleted and vanish from every list, moving no update time, as upstream deletions do.
        public var deletedQuestions: Int
        public var deletedAnswers: Int
        public var deletedUsers: Int
        /// Answer comments deleted later: they leave their answer's list and comment count.
        public var deletedComments: Int
        /// Comments added later to existing answers, moving no update time (upstream does not).
        public var newComments: Int
        /// Users whose signature changed later (a profile edit no list shows).
        public var editedProfiles: Int

        public init(seed: UInt64 = 2015, questions: Int = 200, editedAnswers: Int = 0, deletedQuestions: Int = 0,
                    deletedAnswers: Int = 0, deletedUsers: Int = 0, deletedComments: Int = 0, newComments: Int = 0,
                    editedProfiles: Int = 0) {
            self.seed = seed
            self.questions = max(0, questions)
            self.editedAnswers = max(0, editedAnswers)
            self.deletedQuestions = max(0, deletedQuestions)
            self.deletedAnswers = max(0, deletedAnswers)
            self.deletedUsers = max(0, deletedUsers)
            self.deletedComments = max(0, deletedComments)
            self.newComments = max(0, newComments)
            self.editedProfiles = max(0, editedProfiles)
        }
    }

    public struct User: Sendable {
        public let id: Int
        public let userName: String
        public let nickName: String
        public internal(set) var signature: String?
        public let hasAvatar: Bool
        public internal(set) var isDeleted = false
        public var following: [Int] = []
        public var followedTopics: [Int] = []
        public var followedQuestions: [Int] = []
    }

    public struct Topic: Sendable {
        public let id: Int
        public let title: String
        public let description: String
        /// `YYYYMMDD/<32 hex>` without size suffix, nil when the topic has no picture.
        public let picture: String?
        public let addTime: Int
    }

    public struct Question: Sendable {
        public let id: Int
        public let askerID: Int
        public let isAnonymous: Bool
        public let addTime: Int
        public internal(set) var updateTime: Int
        public let topicIDs: [Int]
        public internal(set) var answerIDs: [Int] = []
        public internal(set) var bestAnswerID: Int?
        public let viewCount: Int
        public let focusCount: Int
        public let lineEnding: String
        public internal(set) var isDeleted = false
        /// How large the community was when the question was asked: bodies link only to what existed.
        let world: World
    }

    /// Counts of entities at one moment, so a body written then never links to something newer
    /// and a larger community leaves older bodies unchanged.
    struct World: Sendable {
        let questions: Int
        let users: Int
        let topics: Int
        let articles: Int
    }

    public struct Answer: Sendable {
        public let id: Int
        public let questionID: Int
        public let authorID: Int
        public let isAnonymous: Bool
        public let addTime: Int
        public let agreeCount: Int
        public internal(set) var commentIDs: [Int] = []
        public internal(set) var isEdited = false
        public internal(set) var isDeleted = false
    }

    public struct Comment: Sendable {
        public let id: Int
        public let answerID: Int
        public let authorID: Int
        public let addTime: Int
        public let replyToUserID: Int?
    }

    public struct Article: Sendable {
        public let id: Int
        public let authorID: Int
        public let addTime: Int
        public let topicIDs: [Int]
        public let views: Int
        public let votes: Int
        public internal(set) var commentIDs: [Int] = []
        let world: World
    }

    public struct ArticleComment: Sendable {
        public let id: Int
        public let articleID: Int
        public let authorID: Int
        public let addTime: Int
        public let replyToUserID: Int?
        public let votes: Int
    }

    /// An uploaded file: `uploads/<folder>/<day>/<name>.<ext>`, with thumbnails beside it.
    public struct Attachment: Sendable {
        public let id: Int
        public let folder: String
        public let day: String
        public let name: String
        public let ext: String

        public var path: String { "uploads/\(folder)/\(day)/\(name).\(ext)" }
    }

    public let options: Options
    public internal(set) var users: [User] = []
    public internal(set) var topics: [Topic] = []
    public internal(set) var questions: [Question] = []
    public internal(set) var answers: [Answer] = []
    public internal(set) var comments: [Comment] = []
    public internal(set) var articles: [Article] = []
    public internal(set) var articleComments: [ArticleComment] = []
    public internal(set) var attachments: [Attachment] = []
    /// Which entity owns each attachment, so its body can be rewritten on demand.
    var attachmentsByOwner: [AttachmentOwner: [Int]] = [:]
    var index = SampleIndex()

    enum AttachmentOwner: Hashable, Sendable {
        case question(Int), answer(Int), article(Int)
    }

    /// Ids start at 1 and have no gaps, so lookups are array positions.
    public func user(_ id: Int) -> User? { users.indices.contains(id - 1) ? users[id - 1] : nil }
    public func topic(_ id: Int) -> Topic? { topics.indices.contains(id - 1) ? topics[id - 1] : nil }
    public func question(_ id: Int) -> Question? { questions.indices.contains(id - 1) ? questions[id - 1] : nil }
    public func answer(_ id: Int) -> Answer? { answers.indices.contains(id - 1) ? answers[id - 1] : nil }
    public func comment(_ id: Int) -> Comment? { comments.indices.contains(id - 1) ? comments[id - 1] : nil }
    public func article(_ id: Int) -> Article? { articles.indices.contains(id - 1) ? articles[id - 1] : nil }
    public func articleComment(_ id: Int) -> ArticleComment? {
        articleComments.indices.contains(id - 1) ? articleComments[id - 1] : nil
    }
    public func attachment(_ id: Int) -> Attachment? { attachments.indices.contains(id - 1) ? attachments[id - 1] : nil }
}

/// Reverse lookups the API needs (a user's questions, a topic's questions, followers, …).
struct SampleIndex: Sendable {
    var questionsByUser: [Int: [Int]] = [:]
    var answersByUser: [Int: [Int]] = [:]
    var questionsByTopic: [Int: [Int]] = [:]
    var articlesByTopic: [Int: [Int]] = [:]
    var followers: [Int: [Int]] = [:]
    var topicFollowers: [Int: [Int]] = [:]
    var questionFollowers: [Int: [Int]] = [:]
    /// Questions and articles by update time, newest first: the explore `new` order.
    var posts: [Post] = []
    /// Topics by discussion count, most first: the topic square `hot` order.
    var hotTopics: [Int] = []
    var userIDByName: [String: Int] = [:]
    /// `<32 hex>` file name → attachment id, and topic picture path → topic id, for the uploads folder.
    var attachmentByName: [String: Int] = [:]
    var topicByPicture: [String: Int] = [:]

    enum Post: Sendable, Hashable {
        case question(Int), article(Int)
    }
}
