import Foundation

/// An answer to a question.
public struct Answer: Sendable, Hashable, Codable {
    public var id: AnswerID
    public var questionID: QuestionID
    /// The author when the source names one: `nil` on WENJIN for an anonymous answer (uid −1),
    /// the real author upstream (private then: the build never shows it).
    public var authorID: UserID?
    /// The archive must not show the author: anonymous, or not yet verified (see `ShownAuthor`).
    public var isAnonymous: Bool
    /// `answer_content` as the detail endpoints send it: rendered HTML.
    public var contentHTML: String
    /// Unknown when the answer was only seen in a list that omits it (`my_answer.php`).
    public var addTime: Date?
    public var agreeCount: Int
    public var commentCount: Int

    public init(id: AnswerID, questionID: QuestionID, authorID: UserID? = nil, isAnonymous: Bool = false,
                contentHTML: String, addTime: Date? = nil, agreeCount: Int = 0, commentCount: Int = 0) {
        self.id = id
        self.questionID = questionID
        self.authorID = authorID
        self.isAnonymous = isAnonymous
        self.contentHTML = contentHTML
        self.addTime = addTime
        self.agreeCount = agreeCount
        self.commentCount = commentCount
    }
}
