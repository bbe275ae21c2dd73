/// What the sample community holds, in the shape of `wenjin stats --json`: a full crawl must store
/// exactly these numbers.
package struct SampleStats: Codable, Sendable, Equatable {
    package let questions: Int
    package let answers: Int
    package let comments: Int
    package let users: Int
    package let topics: Int
    package let articles: Int
    package let articleComments: Int
    /// Avatars, topic pictures and uploaded attachments (originals; thumbnails map to them).
    package let assets: Int

    enum CodingKeys: String, CodingKey {
        case questions, answers, comments, users, topics, articles, assets
        case articleComments = "article_comments"
    }

    /// Counts what the server serves: deleted entities (`SampleCommunity+Changes`) are left out.
    package init(_ community: SampleCommunity) {
        let answers = community.answers.filter { !$0.isDeleted }
        let users = community.users.filter { !$0.isDeleted }
        questions = community.questions.filter { !$0.isDeleted }.count
        self.answers = answers.count
        comments = answers.reduce(0) { $0 + $1.commentIDs.count }
        self.users = users.count
        topics = community.topics.count
        articles = community.articles.count
        articleComments = community.articleComments.count
        let served = community.attachmentsByOwner.filter { owner, _ in
            switch owner {
            case .question(let id): community.question(id)?.isDeleted == false
            case .answer(let id): community.answer(id)?.isDeleted == false
            case .article: true
            }
        }
        assets = users.filter(\.hasAvatar).count + community.topics.filter { $0.picture != nil }.count
            + served.values.reduce(0) { $0 + $1.count }
    }
}
