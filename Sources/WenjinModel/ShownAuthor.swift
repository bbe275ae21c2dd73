/// Who the community's own web page shows as a post's author. Upstream WeCenter's API sends an
/// anonymous post's real author and no anonymous flag; its web page keeps the promise (no asker
/// block, an answer by 匿名用户), so on such a source this is what anonymity is learned from.
public struct ShownAuthor: Sendable, Hashable {
    public enum Post: Sendable, Hashable {
        case question(QuestionID)
        case answer(AnswerID)
    }

    public var post: Post
    /// The user the page names; nil when it names nobody (匿名用户, or no asker block).
    public var userID: UserID?

    public init(post: Post, userID: UserID?) {
        self.post = post
        self.userID = userID
    }

    public var isAnonymous: Bool { userID == nil }
}
