import Foundation

/// A question with its description; its answers are separate `Answer` values.
package struct Question: Sendable, Hashable, Codable, Identifiable {
    package var id: QuestionID
    /// `question_content`: the title, entity-escaped.
    package var title: String
    /// `question_detail`: the server's HTML; `""` when the question has no description.
    package var detailHTML: String
    /// The asker when the source names one: `nil` on WENJIN for an anonymous question, the real
    /// asker upstream (private then: the build never shows it).
    package var askerID: UserID?
    /// The archive must not show the asker: anonymous, or not yet verified (see `ShownAuthor`).
    package var isAnonymous: Bool
    package var addTime: Date
    /// Time of the last answer (WeCenter's `update_time`); the archive lists questions by it.
    package var updateTime: Date
    package var answerCount: Int
    package var viewCount: Int
    package var focusCount: Int
    /// Topics in the order the API lists them.
    package var topicIDs: [TopicID]
    package var bestAnswerID: AnswerID?

    package init(id: QuestionID, title: String, detailHTML: String = "", askerID: UserID? = nil,
                isAnonymous: Bool = false, addTime: Date, updateTime: Date, answerCount: Int = 0,
                viewCount: Int = 0, focusCount: Int = 0, topicIDs: [TopicID] = [],
                bestAnswerID: AnswerID? = nil) {
        self.id = id
        self.title = title
        self.detailHTML = detailHTML
        self.askerID = askerID
        self.isAnonymous = isAnonymous
        self.addTime = addTime
        self.updateTime = updateTime
        self.answerCount = answerCount
        self.viewCount = viewCount
        self.focusCount = focusCount
        self.topicIDs = topicIDs
        self.bestAnswerID = bestAnswerID
    }
}
