import Foundation

/// A comment under an answer (`api/answer_comment.php`).
package struct AnswerComment: Sendable, Hashable, Codable, Identifiable {
    package var id: AnswerCommentID
    package var answerID: AnswerID
    package var authorID: UserID
    /// `content`: entity-escaped plain text, with the leading `@uid:` of a reply already removed.
    package var text: String
    package var addTime: Date
    /// The user replied to (`at_user.uid`), when the comment is a reply.
    package var atUserID: UserID?

    package init(id: AnswerCommentID, answerID: AnswerID, authorID: UserID, text: String, addTime: Date,
                atUserID: UserID? = nil) {
        self.id = id
        self.answerID = answerID
        self.authorID = authorID
        self.text = text
        self.addTime = addTime
        self.atUserID = atUserID
    }
}
