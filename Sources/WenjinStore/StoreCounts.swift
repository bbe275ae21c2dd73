/// The numbers `wenjin stats` reports; its JSON keys are part of the command-line contract.
package struct StoreCounts: Sendable, Hashable, Codable {
    package var questions: Int
    package var answers: Int
    /// Comments under answers.
    package var comments: Int
    package var users: Int
    package var topics: Int
    package var articles: Int
    package var articleComments: Int
    /// Assets whose bytes are stored; missing and failed downloads are not counted.
    package var assets: Int

    package init(questions: Int = 0, answers: Int = 0, comments: Int = 0, users: Int = 0, topics: Int = 0,
                articles: Int = 0, articleComments: Int = 0, assets: Int = 0) {
        self.questions = questions
        self.answers = answers
        self.comments = comments
        self.users = users
        self.topics = topics
        self.articles = articles
        self.articleComments = articleComments
        self.assets = assets
    }

    enum CodingKeys: String, CodingKey {
        case questions, answers, comments, users, topics, articles
        case articleComments = "article_comments"
        case assets
    }
}
