/// `api/answer_comment.php` (§2.5): every comment of an answer in one response, oldest first.
/// No comments arrive as the object `{"total_rows":"0"}` instead of `[]`.
public struct AnswerCommentList: APIDecodable, Equatable {
    public var comments: [AnswerComment]

    public init(comments: [AnswerComment]) { self.comments = comments }

    public init(rsm: APIPayload) throws(APIError) {
        comments = try rsm.read { value throws(FieldReader.Problem) in
            let items: [FieldReader]
            switch value {
            case .object(let members) where members.contains(where: { $0.key == "total_rows" }):
                items = []
            default:
                items = try FieldReader.items(of: value, path: "rsm")
            }
            var comments: [AnswerComment] = []
            for item in items { comments.append(try AnswerComment(item)) }
            return comments
        }
    }
}

public struct AnswerComment: Sendable, Equatable {
    public var id: RemoteAnswerCommentID
    public var author: UserSummary
    /// Plain text, HTML-escaped as sent; a leading `@uid:` already stripped into `replyTo`.
    public var content: String
    public var addTime: Int
    /// The user this comment replies to, when it started with an @-mention.
    public var replyTo: UserSummary?

    init(_ fields: FieldReader) throws(FieldReader.Problem) {
        id = try fields.id("id")
        author = try UserSummary(fields)
        content = try fields.text("content")
        addTime = try fields.optionalInt("add_time") ?? 0
        replyTo = try fields.optionalObject("at_user").map { user throws(FieldReader.Problem) in try UserSummary(user) }
    }
}
