import Foundation

/// An article (文章): a post without answers, with its own comments.
package struct Article: Sendable, Hashable, Codable, Identifiable {
    package var id: ArticleID
    package var authorID: UserID
    /// Entity-escaped title.
    package var title: String
    /// `message`: rendered HTML, with attachments not referenced inline appended as images.
    package var messageHTML: String
    package var addTime: Date
    package var views: Int
    package var votes: Int
    package var commentCount: Int
    /// Topics in the order the API lists them.
    package var topicIDs: [TopicID]

    package init(id: ArticleID, authorID: UserID, title: String, messageHTML: String, addTime: Date,
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
