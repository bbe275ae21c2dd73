/// A question in `api/my_focus_question.php` (docs/api.md §2.9).
package struct FollowedQuestionRow: CountedRow {
    package var id: RemoteQuestionID
    package var title: String
    package var addTime: Int
    package var focusCount: Int
    package var answerCount: Int

    package init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in try FollowedQuestionRow(fields) }
    }

    private init(_ fields: FieldReader) throws(FieldReader.Problem) {
        id = try fields.id("id")
        title = try fields.text("title")
        addTime = try fields.time("add_time") ?? 0
        focusCount = try fields.count("focus_count")
        answerCount = try fields.count("answer_count")
    }
}

package typealias FollowedQuestionsPage = CountedPage<FollowedQuestionRow>
