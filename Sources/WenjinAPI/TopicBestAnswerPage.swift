/// `?/api/topic/topic_best_answer/` (docs/api.md §2.14): a topic's questions with their best answers.
/// `total_rows` counts this page; `{"total_rows":0}` without rows ends the list. Upstream
/// ignores `page` and sends the same rows again, which `repeats(_:)` detects.
package struct TopicBestAnswerPage: ListPage, Equatable {
    package struct Row: Sendable, Equatable {
        package var questionID: RemoteQuestionID
        package var questionTitle: String
        /// Nil for WENJIN's rows of questions without an answer (`answer_content` "").
        package var answer: BestAnswer?
    }

    package struct BestAnswer: Sendable, Equatable {
        package var id: RemoteAnswerID
        /// Stored BBCode with `\n` → `<br>` and `[attach]` → `<img>`; not rendered HTML.
        package var content: String
        package var agreeCount: Int
        package var author: UserSummary
    }

    package var rows: [Row]
    /// Rows that could not be read, each an `.unreadableField` error; the others are kept.
    package var unreadableRows: [APIError]

    package var isEnd: Bool { rows.isEmpty && unreadableRows.isEmpty }

    package var readRows: [Row] { rows }

    package init(rsm: APIPayload) throws(APIError) {
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
