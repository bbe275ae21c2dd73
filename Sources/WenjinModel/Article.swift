import Foundation

/// An article (文章): a post without answers, with its own comments.
public struct Article: Sendable, Hashable, Codable {
    public var id: ArticleID
    public var authorID: UserID
    /// Entity-escaped title.
    public var title: String
    /// `message`: rendered HTML, with attachments not referenced inline appended as images.
    public var messageHTML: String
    public var addTime: Date
    public var views: Int
    public var votes: Int
    public var commentCount: Int
    /// Topics in the order the API lists them.
    public var topicIDs: [TopicID]

    public init(id: ArticleID, authorID: UserID, title: String, messageHTML: String, addTime: Date,
                views: Int = 0, votes: Int = 0, commentCount: Int = 0, topicIDs: [TopicID] = []) {
        self.id = id
        self.authorID = authorID
        self.title = title
        self.messageHTML = messageHTML
        self.addTime = addTime
        self.views = views
        self.votes = votes
        self.commentCount = commentCount
        self.topicIDs = topicIDs
    }
}
