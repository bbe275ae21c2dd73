/// A question in `api/my_question.php` (docs/api.md §2.7): the user's questions, newest first, anonymous
/// ones included upstream.
public struct UserQuestionRow: CountedRow {
    public var id: RemoteQuestionID
    public var title: String
    /// The stored text, not rendered: escaped BBCode with `[attach]N[/attach]` tags.
    public var rawDetail: String
    public var addTime: Int

    public init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in
            try UserQuestionRow(id: fields.id("id"), title: fields.text("title"),
                                rawDetail: fields.text("detail"), addTime: fields.time("add_time") ?? 0)
        }
    }

    public init(id: RemoteQuestionID, title: String, rawDetail: String, addTime: Int) {
        self.id = id
        self.title = title
        self.rawDetail = rawDetail
        self.addTime = addTime
    }
}

public typealias UserQuestionsPage = CountedPage<UserQuestionRow>
