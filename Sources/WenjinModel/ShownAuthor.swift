/// Who the community's own web page shows as a post's author. Upstream WeCenter's API sends an
/// anonymous post's real author and no anonymous flag; its web page keeps the promise (no asker
/// block, an answer by 匿名用户), so on such a source this is what anonymity is learned from.
package struct ShownAuthor: Sendable, Hashable {
    package enum Post: Sendable, Hashable {
        case question(QuestionID)
        case answer(AnswerID)
    }

    package var post: Post
    /// The user the page names; nil when it names nobody (匿名用户, or no asker block).
    package var userID: UserID?

    package init(post: Post, userID: UserID?) {
        self.post = post
        self.userID = userID
    }

    package var isAnonymous: Bool { userID == nil }
}
