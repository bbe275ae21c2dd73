import Foundation

/// An answer to a question.
package struct Answer: Sendable, Hashable, Codable, Identifiable {
    package var id: AnswerID
    package var questionID: QuestionID
    /// The author when the source names one: `nil` on WENJIN for an anonymous answer (uid −1),
    /// the real author upstream (private then: the build never shows it).
    package var authorID: UserID?
    /// The archive must not show the author: anonymous, or not yet verified (see `ShownAuthor`).
    package var isAnonymous: Bool
    /// `answer_content` as the detail endpoints send it: rendered HTML.
    package var contentHTML: String
    /// Unknown when the answer was only seen in a list that omits it (`my_answer.php`).
    package var addTime: Date?
    package var agreeCount: Int
    package var commentCount: Int

    package init(id: AnswerID, questionID: QuestionID, authorID: UserID? = nil, isAnonymous: Bool = false,
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
