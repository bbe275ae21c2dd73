/// Kinds of things the WENJIN server numbers; used only as type tags for `RemoteID`.
package enum Remote {
    package enum User {}
    package enum Question {}
    package enum Answer {}
    package enum Topic {}
    package enum Article {}
    package enum AnswerComment {}
    package enum ArticleComment {}
    package enum HomeAction {}
}

/// An id as the WENJIN server sends it (a MySQL auto-increment value; −1 marks an anonymous
/// author). The kind tag keeps a question id from being passed where an answer id belongs.
package struct RemoteID<Kind>: Hashable, Comparable, Sendable, CustomStringConvertible {
    package let rawValue: Int

    package init(_ rawValue: Int) { self.rawValue = rawValue }

    package var description: String { String(rawValue) }

    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

package typealias RemoteUserID = RemoteID<Remote.User>
package typealias RemoteQuestionID = RemoteID<Remote.Question>
package typealias RemoteAnswerID = RemoteID<Remote.Answer>
package typealias RemoteTopicID = RemoteID<Remote.Topic>
package typealias RemoteArticleID = RemoteID<Remote.Article>
package typealias RemoteAnswerCommentID = RemoteID<Remote.AnswerComment>
package typealias RemoteArticleCommentID = RemoteID<Remote.ArticleComment>
package typealias RemoteHomeActionID = RemoteID<Remote.HomeAction>

extension RemoteID where Kind == Remote.User {
    /// WENJIN's marker for an anonymous author (WeCenter's reserved user −1).
    package static let anonymous = RemoteUserID(-1)

    package var isAnonymous: Bool { rawValue == -1 }
}
