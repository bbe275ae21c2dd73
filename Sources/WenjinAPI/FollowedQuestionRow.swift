/// A question in `api/my_focus_question.php` (§2.9).
public struct FollowedQuestionRow: CountedRow {
    public var id: RemoteQuestionID
    public var title: String
    public var addTime: Int
    public var focusCount: Int
    public var answerCount: Int

    public init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in try FollowedQuestionRow(fields) }
    }

    private init(_ fields: FieldReader) throws(FieldReader.Problem) {
        id = try fields.id("id")
        title = try fields.text("title")
        addTime = try fields.optionalInt("add_time") ?? 0
        focusCount = try fields.optionalInt("focus_count") ?? 0
        answerCount = try fields.optionalInt("answer_count") ?? 0
    }
}

public typealias FollowedQuestionsPage = CountedPage<FollowedQuestionRow>
