/// A comment on an answer.
package struct AnswerComment: Sendable, Equatable {
    package var id: RemoteAnswerCommentID
    package var author: UserSummary
    /// Plain text, HTML-escaped as sent; a leading `@uid:` already stripped into `replyTo`.
    package var content: String
    package var addTime: Int
    /// The user this comment replies to, when it started with an @-mention.
    package var replyTo: UserSummary?

    init(_ fields: FieldReader) throws(FieldReader.Problem) {
        id = try fields.id("id")
        author = try UserSummary(fields)
        content = try fields.text("content")
        addTime = try fields.time("add_time") ?? 0
        replyTo = UserSummary.lenient(fields, "at_user")
    }
}
