/// A question in `api/my_question.php` (docs/api.md §2.7): the user's questions, newest first, anonymous
/// ones included upstream.
package struct UserQuestionRow: CountedRow {
    package var id: RemoteQuestionID
    package var title: String
    /// The stored text, not rendered: escaped BBCode with `[attach]N[/attach]` tags.
    package var rawDetail: String
    package var addTime: Int
}

// Read from a response in an extension, so the memberwise init stays.
extension UserQuestionRow {
    package init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in
            try UserQuestionRow(id: fields.id("id"), title: fields.text("title"),
                                rawDetail: fields.text("detail"), addTime: fields.time("add_time") ?? 0)
        }
    }
}

package typealias UserQuestionsPage = CountedPage<UserQuestionRow>
