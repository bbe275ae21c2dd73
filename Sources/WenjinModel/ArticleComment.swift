import Foundation

/// A comment under an article (`?/api/article/comment/`).
package struct ArticleComment: Sendable, Hashable, Codable, Identifiable {
    package var id: ArticleCommentID
    package var articleID: ArticleID
    package var authorID: UserID
    /// Entity-escaped plain text.
    package var message: String
    package var addTime: Date
    /// The user replied to; the API's `at_uid` 0 ("none") is `nil`.
    package var atUserID: UserID?
    package var votes: Int

    package init(id: ArticleCommentID, articleID: ArticleID, authorID: UserID, message: String, addTime: Date,
                atUserID: UserID? = nil, votes: Int = 0) {
        self.id = id
        self.articleID = articleID
        self.authorID = authorID
        self.message = message
        self.addTime = addTime
        self.atUserID = atUserID
        self.votes = votes
    }
}
