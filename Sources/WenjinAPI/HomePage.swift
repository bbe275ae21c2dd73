/// `?/api/home/` (docs/api.md §2.1, login required): one page of the logged-in user's feed. Pages are
/// numbered from 0; `total_rows` counts this page and 0 ends the feed.
package struct HomePage: APIDecodable, Equatable {
    package struct Item: Sendable, Equatable {
        package var historyID: RemoteHomeActionID
        /// 101 asked, 105 followed a question, 201 answered, 204 agreed, 501 posted an
        /// article, 502 agreed with one, 503 commented on one.
        package var action: Int
        /// Question id for 1xx/2xx actions, article id for 5xx.
        package var associateID: Int
        package var addTime: Int
        package var actor: UserSummary?
        package var question: QuestionMention?
        package var answer: AnswerMention?
        package var article: ArticleMention?
        /// WENJIN only: the followed topic the item came from.
        package var topic: TopicReference?
    }

    package struct QuestionMention: Sendable, Equatable {
        package var id: RemoteQuestionID
        /// HTML-escaped as sent.
        package var title: String
    }

    package struct AnswerMention: Sendable, Equatable {
        package var id: RemoteAnswerID
        /// Stored BBCode with `\n` → `<br>` and `[attach]` → `<img>`; not rendered HTML.
        package var content: String
        package var agreeCount: Int
    }

    package struct ArticleMention: Sendable, Equatable {
        package var id: RemoteArticleID
        package var title: String
    }

    package var items: [Item]
    /// Rows that could not be read, each an `.unreadableField` error; the others are kept.
    package var unreadableRows: [APIError]

    package var isEnd: Bool { items.isEmpty && unreadableRows.isEmpty }

    package init(rsm: APIPayload) throws(APIError) {
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
