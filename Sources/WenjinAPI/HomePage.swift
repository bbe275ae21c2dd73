/// `?/api/home/` (docs/api.md §2.1, login required): one page of the logged-in user's feed. Pages are
/// numbered from 0; `total_rows` counts this page and 0 ends the feed.
public struct HomePage: APIDecodable, Equatable {
    public struct Item: Sendable, Equatable {
        public var historyID: RemoteHomeActionID
        /// 101 asked, 105 followed a question, 201 answered, 204 agreed, 501 posted an
        /// article, 502 agreed with one, 503 commented on one.
        public var action: Int
        /// Question id for 1xx/2xx actions, article id for 5xx.
        public var associateID: Int
        public var addTime: Int
        public var actor: UserSummary?
        public var question: QuestionMention?
        public var answer: AnswerMention?
        public var article: ArticleMention?
        /// WENJIN only: the followed topic the item came from.
        public var topic: TopicReference?
    }

    public struct QuestionMention: Sendable, Equatable {
        public var id: RemoteQuestionID
        /// HTML-escaped as sent.
        public var title: String
    }

    public struct AnswerMention: Sendable, Equatable {
        public var id: RemoteAnswerID
        /// Stored BBCode with `\n` → `<br>` and `[attach]` → `<img>`; not rendered HTML.
        public var content: String
        public var agreeCount: Int
    }

    public struct ArticleMention: Sendable, Equatable {
        public var id: RemoteArticleID
        public var title: String
    }

    public var items: [Item]
    /// Rows that could not be read, each an `.unreadableField` error; the others are kept.
    public var unreadableRows: [APIError]

    public var isEnd: Bool { items.isEmpty && unreadableRows.isEmpty }

    public init(rsm: APIPayload) throws(APIError) {
        let (items, problems) = try rsm.readObject { fields throws(FieldReader.Problem) in
            try fields.eachItem(in: "rows") { row throws(FieldReader.Problem) in try Self.item(row) }
        }
        self.items = items
        unreadableRows = problems.map(rsm.error)
    }

    private static func item(_ row: FieldReader) throws(FieldReader.Problem) -> Item {
        var item = Item(historyID: try row.id("history_id"), action: try row.int("associate_action"),
                        associateID: try row.optionalInt("associate_id") ?? 0, addTime: try row.time("add_time") ?? 0)
        item.actor = try row.optionalObject("user_info").map { info throws(FieldReader.Problem) in try UserSummary(info) }
        if let info = try row.optionalObject("question_info") {
            item.question = QuestionMention(id: try info.id("question_id"), title: try info.text("question_content"))
        }
        if let info = try row.optionalObject("answer_info") {
            item.answer = AnswerMention(id: try info.id("answer_id"), content: try info.text("answer_content"),
                                        agreeCount: try info.count("agree_count"))
        }
        if let info = try row.optionalObject("article_info") {
            item.article = ArticleMention(id: try info.id("id"), title: try info.text("title"))
        }
        item.topic = try row.optionalObject("topic_info").map { info throws(FieldReader.Problem) in try TopicReference(info) }
        return item
    }
}
