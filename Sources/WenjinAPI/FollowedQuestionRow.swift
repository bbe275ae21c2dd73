/// A question in `api/my_focus_question.php` (docs/api.md §2.9).
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
        addTime = try fields.time("add_time") ?? 0
        focusCount = try fields.count("focus_count")
        answerCount = try fields.count("answer_count")
    }
}

public typealias FollowedQuestionsPage = CountedPage<FollowedQuestionRow>
