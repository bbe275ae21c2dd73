/// `?/api/home/` (§2.1, login required): one page of the logged-in user's feed. Pages are
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
        public var question: (id: RemoteQuestionID, title: String)?
        public var answer: (id: RemoteAnswerID, content: String, agreeCount: Int)?
        public var article: (id: RemoteArticleID, title: String)?
        /// WENJIN only: the followed topic the item came from.
        public var topic: TopicReference?

        public static func == (lhs: Item, rhs: Item) -> Bool {
            lhs.historyID == rhs.historyID && lhs.action == rhs.action && lhs.associateID == rhs.associateID
                && lhs.addTime == rhs.addTime && lhs.actor == rhs.actor && lhs.topic == rhs.topic
                && lhs.question?.id == rhs.question?.id && lhs.question?.title == rhs.question?.title
                && lhs.answer?.id == rhs.answer?.id && lhs.answer?.content == rhs.answer?.content
                && lhs.answer?.agreeCount == rhs.answer?.agreeCount
                && lhs.article?.id == rhs.article?.id && lhs.article?.title == rhs.article?.title
        }
    }

    public var items: [Item]

    public var isEnd: Bool { items.isEmpty }

    public init(rsm: APIPayload) throws(APIError) {
        items = try rsm.readObject { fields throws(FieldReader.Problem) in
            var items: [Item] = []
            for row in try fields.list("rows") { items.append(try Self.item(row)) }
            return items
        }
    }

    private static func item(_ row: FieldReader) throws(FieldReader.Problem) -> Item {
        var item = Item(historyID: try row.id("history_id"), action: try row.int("associate_action"),
                        associateID: try row.optionalInt("associate_id") ?? 0, addTime: try row.optionalInt("add_time") ?? 0)
        item.actor = try row.optionalObject("user_info").map { info throws(FieldReader.Problem) in try UserSummary(info) }
        if let info = try row.optionalObject("question_info") {
            item.question = (try info.id("question_id"), try info.text("question_content"))
        }
        if let info = try row.optionalObject("answer_info") {
            item.answer = (try info.id("answer_id"), try info.text("answer_content"), try info.optionalInt("agree_count") ?? 0)
        }
        if let info = try row.optionalObject("article_info") {
            item.article = (try info.id("id"), try info.text("title"))
        }
        item.topic = try row.optionalObject("topic_info").map { info throws(FieldReader.Problem) in try TopicReference(info) }
        return item
    }
}
