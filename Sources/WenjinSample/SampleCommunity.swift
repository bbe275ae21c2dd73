// WenjinSample owns the sample WENJIN community: a deterministic generator, its answers in both
// API dialects (WENJIN's and upstream WeCenter 3.1's), injected faults, and the loopback server that
// tests, benchmarks and the demo crawl. The archive pipeline (crawl, build) must never import it.

/// The sample WENJIN community: a deterministic, realistic Chinese Q&A site that the sample server
/// serves through the real API. Only metadata is held in memory; bodies are written on demand from
/// each entity's own random stream, so 100,000 questions fit comfortably.
package struct SampleCommunity: Sendable {
    package struct Options: Sendable, Hashable {
        package var seed: UInt64
        package var questions: Int
        /// Answers edited after they were posted (the sample's way to test incremental crawls):
        /// each carries an edit mark and bumps its question's update time.
        package var editedAnswers: Int
        /// Questions, answers and users deleted later (`SampleCommunity+Changes`): they answer as
        /// deleted and vanish from every list, moving no update time, as upstream deletions do.
        package var deletedQuestions: Int
        package var deletedAnswers: Int
        package var deletedUsers: Int
        /// Answer comments deleted later: they leave their answer's list and comment count.
        package var deletedComments: Int
        /// Comments added later to existing answers, moving no update time (upstream does not).
        package var newComments: Int
        /// Users whose signature changed later (a profile edit no list shows).
        package var editedProfiles: Int

        package init(seed: UInt64 = 2015, questions: Int = 200, editedAnswers: Int = 0, deletedQuestions: Int = 0,
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

    package struct User: Sendable {
        package let id: Int
        package let userName: String
        package let nickName: String
        package internal(set) var signature: String?
        package let hasAvatar: Bool
        package internal(set) var isDeleted = false
        package var following: [Int] = []
        package var followedTopics: [Int] = []
        package var followedQuestions: [Int] = []
    }

    package struct Topic: Sendable {
        package let id: Int
        package let title: String
        package let description: String
        /// `YYYYMMDD/<32 hex>` without size suffix, nil when the topic has no picture.
        package let picture: String?
        package let addTime: Int
    }

    package struct Question: Sendable {
        package let id: Int
        package let askerID: Int
        package let isAnonymous: Bool
        package let addTime: Int
        package internal(set) var updateTime: Int
        package let topicIDs: [Int]
        package internal(set) var answerIDs: [Int] = []
        package internal(set) var bestAnswerID: Int?
        package let viewCount: Int
        package let focusCount: Int
        package let lineEnding: String
        package internal(set) var isDeleted = false
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

    package struct Answer: Sendable {
        package let id: Int
        package let questionID: Int
        package let authorID: Int
        package let isAnonymous: Bool
        package let addTime: Int
        package let agreeCount: Int
        package internal(set) var commentIDs: [Int] = []
        package internal(set) var isEdited = false
        package internal(set) var isDeleted = false
    }

    package struct Comment: Sendable {
        package let id: Int
        package let answerID: Int
        package let authorID: Int
        package let addTime: Int
        package let replyToUserID: Int?
    }

    package struct Article: Sendable {
        package let id: Int
        package let authorID: Int
        package let addTime: Int
        package let topicIDs: [Int]
        package let views: Int
        package let votes: Int
        package internal(set) var commentIDs: [Int] = []
        let world: World
    }

    package struct ArticleComment: Sendable {
        package let id: Int
        package let articleID: Int
        package let authorID: Int
        package let addTime: Int
        package let replyToUserID: Int?
        package let votes: Int
    }

    /// An uploaded file: `uploads/<folder>/<day>/<name>.<ext>`, with thumbnails beside it.
    package struct Attachment: Sendable {
        package let id: Int
        package let folder: String
        package let day: String
        package let name: String
        package let ext: String

        package var path: String { "uploads/\(folder)/\(day)/\(name).\(ext)" }
    }

    package let options: Options
    package internal(set) var users: [User] = []
    package internal(set) var topics: [Topic] = []
    package internal(set) var questions: [Question] = []
    package internal(set) var answers: [Answer] = []
    package internal(set) var comments: [Comment] = []
    package internal(set) var articles: [Article] = []
    package internal(set) var articleComments: [ArticleComment] = []
    package internal(set) var attachments: [Attachment] = []
    /// Which entity owns each attachment, so its body can be rewritten on demand.
    var attachmentsByOwner: [AttachmentOwner: [Int]] = [:]
    var lookup = SampleLookup()

    enum AttachmentOwner: Hashable, Sendable {
        case question(Int), answer(Int), article(Int)
    }

    /// Ids start at 1 and have no gaps, so lookups are array positions.
    package func user(_ id: Int) -> User? { users.indices.contains(id - 1) ? users[id - 1] : nil }
    package func topic(_ id: Int) -> Topic? { topics.indices.contains(id - 1) ? topics[id - 1] : nil }
    package func question(_ id: Int) -> Question? { questions.indices.contains(id - 1) ? questions[id - 1] : nil }
    package func answer(_ id: Int) -> Answer? { answers.indices.contains(id - 1) ? answers[id - 1] : nil }
    package func comment(_ id: Int) -> Comment? { comments.indices.contains(id - 1) ? comments[id - 1] : nil }
    package func article(_ id: Int) -> Article? { articles.indices.contains(id - 1) ? articles[id - 1] : nil }
    package func articleComment(_ id: Int) -> ArticleComment? {
        articleComments.indices.contains(id - 1) ? articleComments[id - 1] : nil
    }
    package func attachment(_ id: Int) -> Attachment? { attachments.indices.contains(id - 1) ? attachments[id - 1] : nil }
}

/// Reverse lookups the API needs (a user's questions, a topic's questions, followers, …).
struct SampleLookup: Sendable {
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
