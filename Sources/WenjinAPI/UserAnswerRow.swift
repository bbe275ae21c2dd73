/// An answer in `api/my_answer.php` (docs/api.md §2.8), newest first. No `add_time` is sent.
public struct UserAnswerRow: CountedRow {
    public var id: RemoteAnswerID
    public var questionID: RemoteQuestionID
    /// The stored text, not rendered: escaped BBCode with `[attach]N[/attach]` tags.
    public var rawContent: String
    public var agreeCount: Int
    public var avatarFile: String?
    /// "" when the question is gone.
    public var questionTitle: String

    public init(row: RowFields) throws(APIError) {
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

public typealias UserAnswersPage = CountedPage<UserAnswerRow>
