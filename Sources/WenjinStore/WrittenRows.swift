import WenjinModel

/// Every row of the archive's tables written after a counter (`StoreChanges`), each whole but
/// for the bodies of rows written at or before a second counter: what a build lays over the
/// rows it kept from the last one (WenjinSite's `ListedRows`), so that a rebuild reads from the
/// store only what changed. Found through `<table>_by_change`, one row looked up at a time:
/// for few rows, far less than a scan of the table.
package struct WrittenRows: Sendable {
    package var questions: [Question] = []
    package var answers: [Answer] = []
    package var answerComments: [AnswerComment] = []
    package var users: [User] = []
    package var topics: [Topic] = []
    package var articles: [Article] = []
    package var articleComments: [ArticleComment] = []
    package var assets: [Asset] = []
    /// How many assets the store holds in any state (`StoreCounts` counts only the stored ones):
    /// with the counts, what the kept rows and these must make up.
    package var assetRows = 0

    package var count: Int {
        questions.count + answers.count + answerComments.count + users.count + topics.count + articles.count
            + articleComments.count + assets.count
    }
}

extension StoreReader {
    /// The rows written after `counter`, with the bodies of those written after `bodyCounter`
    /// (the others' are empty, as `questions(bodiesChangedAfter:)` leaves them).
    package func rowsWritten(after counter: Int, bodiesAfter bodyCounter: Int) throws(StoreError) -> WrittenRows {
        func changed(_ table: StoreChanges.Table, _ alias: String = "") -> String {
            "FROM \(table.rawValue) \(alias) INDEXED BY \(table.rawValue)_by_change WHERE \(alias.isEmpty ? "" : alias + ".")change > ?"
        }
        var rows = WrittenRows()
        let questionColumns = Question.columns.replacingOccurrences(of: "q.detail_html", with: "IIF(q.change > ?, q.detail_html, '')")
        rows.questions = try withTopics(connection.query("SELECT \(questionColumns) \(changed(.questions, "q"))", bodyCounter, counter) {
            Question(row: $0, topicIDs: [])
        })
        let answerColumns = Answer.columns.replacingOccurrences(of: "content_html", with: "IIF(change > ?, content_html, '')")
        rows.answers = try connection.query("SELECT \(answerColumns) \(changed(.answers))", bodyCounter, counter) { Answer(row: $0) }
        rows.answerComments = try connection.query("SELECT \(AnswerComment.columns) \(changed(.answerComments))", counter) {
            AnswerComment(row: $0)
        }
        rows.users = try connection.query("SELECT \(User.columns) \(changed(.users))", counter) { User(row: $0) }
        rows.topics = try connection.query("SELECT \(Topic.columns) \(changed(.topics))", counter) { Topic(row: $0) }
        let articleColumns = Article.columns.replacingOccurrences(of: "a.message_html", with: "IIF(a.change > ?, a.message_html, '')")
        rows.articles = try withTopics(connection.query("SELECT \(articleColumns) \(changed(.articles, "a"))", bodyCounter, counter) {
            Article(row: $0, topicIDs: [])
        })
        rows.articleComments = try connection.query("SELECT \(ArticleComment.columns) \(changed(.articleComments))", counter) {
            ArticleComment(row: $0)
        }
        rows.assets = try connection.query("SELECT \(Asset.columns) \(changed(.assets))", counter) { row throws(StoreError) in
            try Asset(row: row)
        }
        rows.assetRows = try connection.queryFirst("SELECT count(*) FROM assets") { $0.int(0) } ?? 0
        return rows
    }
}

/// The orders the store's reads list rows in (`questions(bodiesChangedAfter:)`, `answersByQuestion`…),
/// as comparisons of models: for rows read apart (`WrittenRows`) to be put among rows listed
/// before. Each ends with the ID, so no two rows tie.
package enum ListedOrder {
    /// Most recently answered first: `ORDER BY update_time DESC, id DESC`.
    package static func precedes(_ first: Question, _ second: Question) -> Bool {
        (first.updateTime, first.id) > (second.updateTime, second.id)
    }

    /// Most agreed first, then oldest first (a missing time before any): `ORDER BY agree_count DESC, add_time, id`.
    package static func precedes(_ first: Answer, _ second: Answer) -> Bool {
        if first.agreeCount != second.agreeCount { return first.agreeCount > second.agreeCount }
        if first.addTime != second.addTime {
            guard let later = second.addTime else { return false }
            return first.addTime.map { $0 < later } ?? true
        }
        return first.id < second.id
    }

    /// Oldest first: `ORDER BY add_time, id`.
    package static func precedes(_ first: AnswerComment, _ second: AnswerComment) -> Bool {
        (first.addTime, first.id) < (second.addTime, second.id)
    }

    /// By ID.
    package static func precedes(_ first: User, _ second: User) -> Bool { first.id < second.id }

    /// Most discussed first, a missing count after any: `ORDER BY discuss_count DESC, id`.
    package static func precedes(_ first: Topic, _ second: Topic) -> Bool {
        if first.discussCount != second.discussCount {
            guard let fewer = second.discussCount else { return true }
            return first.discussCount.map { $0 > fewer } ?? false
        }
        return first.id < second.id
    }

    /// Newest first: `ORDER BY add_time DESC, id DESC`.
    package static func precedes(_ first: Article, _ second: Article) -> Bool {
        (first.addTime, first.id) > (second.addTime, second.id)
    }

    /// Oldest first: `ORDER BY add_time, id`.
    package static func precedes(_ first: ArticleComment, _ second: ArticleComment) -> Bool {
        (first.addTime, first.id) < (second.addTime, second.id)
    }
}
