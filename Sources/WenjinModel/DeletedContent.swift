/// What the source said no longer exists, by kind: the store keeps the content and its
/// revisions, and `site.json` `privacy.deleted` decides what the archive shows of it.
package struct DeletedContent: Sendable, Equatable {
    package var questions: Set<QuestionID> = []
    package var answers: Set<AnswerID> = []
    package var answerComments: Set<AnswerCommentID> = []
    package var articles: Set<ArticleID> = []
    package var articleComments: Set<ArticleCommentID> = []
    package var users: Set<UserID> = []

    package init(questions: Set<QuestionID> = [], answers: Set<AnswerID> = [],
                answerComments: Set<AnswerCommentID> = [], articles: Set<ArticleID> = [],
                articleComments: Set<ArticleCommentID> = [], users: Set<UserID> = []) {
        self.questions = questions
        self.answers = answers
        self.answerComments = answerComments
        self.articles = articles
        self.articleComments = articleComments
        self.users = users
    }

    package var isEmpty: Bool {
        questions.isEmpty && answers.isEmpty && answerComments.isEmpty && articles.isEmpty
            && articleComments.isEmpty && users.isEmpty
    }
}
