import Foundation

/// A comment under an answer (`api/answer_comment.php`).
public struct AnswerComment: Sendable, Hashable, Codable {
    public var id: AnswerCommentID
    public var answerID: AnswerID
    public var authorID: UserID
    /// `content`: entity-escaped plain text, with the leading `@uid:` of a reply already removed.
    public var text: String
    public var addTime: Date
    /// The user replied to (`at_user.uid`), when the comment is a reply.
    public var atUserID: UserID?

    public init(id: AnswerCommentID, answerID: AnswerID, authorID: UserID, text: String, addTime: Date,
                atUserID: UserID? = nil) {
        self.id = id
        self.answerID = answerID
        self.authorID = authorID
        self.text = text
        self.addTime = addTime
        self.atUserID = atUserID
    }
}
