/// An answer in `api/my_answer.php` (docs/api.md §2.8), newest first. No `add_time` is sent.
package struct UserAnswerRow: CountedRow {
    package var id: RemoteAnswerID
    package var questionID: RemoteQuestionID
    /// The stored text, not rendered: escaped BBCode with `[attach]N[/attach]` tags.
    package var rawContent: String
    package var agreeCount: Int
    package var avatarFile: String?
    /// "" when the question is gone.
    package var questionTitle: String

    package init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in try UserAnswerRow(fields) }
    }

    private init(_ fields: FieldReader) throws(FieldReader.Problem) {
        id = try fields.id("answer_id")
        questionID = try fields.id("question_id")
        rawContent = try fields.text("answer_content")
        agreeCount = try fields.count("agree_count")
        avatarFile = try fields.optionalPath("avatar_file")
        questionTitle = try fields.text("question_title")
    }
}

package typealias UserAnswersPage = CountedPage<UserAnswerRow>
