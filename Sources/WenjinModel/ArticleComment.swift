import Foundation

/// A comment under an article (`?/api/article/comment/`).
public struct ArticleComment: Sendable, Hashable, Codable {
    public var id: ArticleCommentID
    public var articleID: ArticleID
    public var authorID: UserID
    /// Entity-escaped plain text.
    public var message: String
    public var addTime: Date
    /// The user replied to; the API's `at_uid` 0 ("none") is `nil`.
    public var atUserID: UserID?
    public var votes: Int

    public init(id: ArticleCommentID, articleID: ArticleID, authorID: UserID, message: String, addTime: Date,
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
