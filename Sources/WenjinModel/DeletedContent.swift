/// What the source said no longer exists, by kind: the store keeps the content and its
/// revisions, and `site.json` `privacy.deleted` decides what the archive shows of it.
public struct DeletedContent: Sendable, Equatable {
    public var questions: Set<QuestionID> = []
    public var answers: Set<AnswerID> = []
    public var answerComments: Set<AnswerCommentID> = []
    public var articles: Set<ArticleID> = []
    public var articleComments: Set<ArticleCommentID> = []
    public var users: Set<UserID> = []

    public init(questions: Set<QuestionID> = [], answers: Set<AnswerID> = [],
                answerComments: Set<AnswerCommentID> = [], articles: Set<ArticleID> = [],
                articleComments: Set<ArticleCommentID> = [], users: Set<UserID> = []) {
        self.questions = questions
        self.answers = answers
        self.answerComments = answerComments
        self.articles = articles
        self.articleComments = articleComments
        self.users = users
    }

    public var isEmpty: Bool {
        questions.isEmpty && answers.isEmpty && answerComments.isEmpty && articles.isEmpty
            && articleComments.isEmpty && users.isEmpty
    }
}
