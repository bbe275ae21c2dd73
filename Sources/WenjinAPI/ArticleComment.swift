/// A comment in `?/api/article/comment/` (docs/api.md §2.16), 100 per page, oldest first.
package struct ArticleComment: CountedRow {
    package var id: RemoteArticleCommentID
    package var author: UserSummary
    /// Plain text, HTML-escaped as sent.
    package var message: String
    package var votes: Int
    package var addTime: Int
    /// The user replied to; nil when `at_uid` is 0.
    package var replyTo: UserSummary?

    package init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in try ArticleComment(fields) }
    }

    private init(_ fields: FieldReader) throws(FieldReader.Problem) {
        id = try fields.id("id")
        if let info = try fields.optionalObject("user_info") {
            author = try UserSummary(info)
        } else {
            author = UserSummary(id: try fields.id("uid"), userName: "")
        }
        message = try fields.text("message")
        votes = try fields.votes("votes")
        addTime = try fields.time("add_time") ?? 0
        if let info = UserSummary.lenient(fields, "at_user_info") {
            replyTo = info
        } else if let target: RemoteUserID = fields.optionalID("at_uid"), target.rawValue > 0 {
            replyTo = UserSummary(id: target, userName: "")
        } else {
            replyTo = nil
        }
    }
}
