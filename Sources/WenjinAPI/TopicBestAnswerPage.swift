/// `?/api/topic/topic_best_answer/` (docs/api.md §2.14): a topic's questions with their best answers.
/// `total_rows` counts this page; `{"total_rows":0}` without rows ends the list. Upstream
/// ignores `page` and sends the same rows again, which `repeats(_:)` detects.
public struct TopicBestAnswerPage: ListPage, Equatable {
    public struct Row: Sendable, Equatable {
        public var questionID: RemoteQuestionID
        public var questionTitle: String
        /// Nil for WENJIN's rows of questions without an answer (`answer_content` "").
        public var answer: BestAnswer?
    }

    public struct BestAnswer: Sendable, Equatable {
        public var id: RemoteAnswerID
        /// Stored BBCode with `\n` → `<br>` and `[attach]` → `<img>`; not rendered HTML.
        public var content: String
        public var agreeCount: Int
        public var author: UserSummary
    }

    public var rows: [Row]
    /// Rows that could not be read, each an `.unreadableField` error; the others are kept.
    public var unreadableRows: [APIError]

    public var isEnd: Bool { rows.isEmpty && unreadableRows.isEmpty }

    public var readRows: [Row] { rows }

    public init(rsm: APIPayload) throws(APIError) {
        let (rows, problems) = try rsm.readObject { fields throws(FieldReader.Problem) in
            try fields.eachItem(in: "rows") { row throws(FieldReader.Problem) -> Row in
                let question = try row.object("question_info")
                var answer: BestAnswer?
                if let info = try row.optionalObject("answer_info"), let id: RemoteAnswerID = info.optionalID("answer_id"),
                   id.rawValue > 0, case let content = try info.text("answer_content"), !content.isEmpty {
                    answer = BestAnswer(id: id, content: content,
                                        agreeCount: try info.count("agree_count"),
                                        author: try UserSummary(info))
                }
                return Row(questionID: try question.id("question_id"),
                           questionTitle: try question.text("question_content"), answer: answer)
            }
        }
        self.rows = rows
        unreadableRows = problems.map(rsm.error)
    }
}
