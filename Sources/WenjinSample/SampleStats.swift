/// What the sample community holds, in the shape of `wenjin stats --json`: a full crawl must store
/// exactly these numbers.
public struct SampleStats: Codable, Sendable, Equatable {
    public let questions: Int
    public let answers: Int
    public let comments: Int
    public let users: Int
    public let topics: Int
    public let articles: Int
    public let articleComments: Int
    /// Avatars, topic pictures and uploaded attachments (originals; thumbnails map to them).
    public let assets: Int

    enum CodingKeys: String, CodingKey {
        case questions, answers, comments, users, topics, articles, assets
        case articleComments = "article_comments"
    }

    public init(_ community: SampleCommunity) {
        questions = community.questions.count
        answers = community.answers.count
        comments = community.comments.count
        users = community.users.count
        topics = community.topics.count
        articles = community.articles.count
        articleComments = community.articleComments.count
        assets = community.users.filter(\.hasAvatar).count + community.topics.filter { $0.picture != nil }.count
            + community.attachments.count
    }
}
