/// Kinds of things the WENJIN server numbers; used only as type tags for `RemoteID`.
public enum Remote {
    public enum User {}
    public enum Question {}
    public enum Answer {}
    public enum Topic {}
    public enum Article {}
    public enum AnswerComment {}
    public enum ArticleComment {}
    public enum HomeAction {}
}

/// An id as the WENJIN server sends it (a MySQL auto-increment value; −1 marks an anonymous
/// author). The kind tag keeps a question id from being passed where an answer id belongs.
public struct RemoteID<Kind>: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public var description: String { String(rawValue) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

public typealias RemoteUserID = RemoteID<Remote.User>
public typealias RemoteQuestionID = RemoteID<Remote.Question>
public typealias RemoteAnswerID = RemoteID<Remote.Answer>
public typealias RemoteTopicID = RemoteID<Remote.Topic>
public typealias RemoteArticleID = RemoteID<Remote.Article>
public typealias RemoteAnswerCommentID = RemoteID<Remote.AnswerComment>
public typealias RemoteArticleCommentID = RemoteID<Remote.ArticleComment>
public typealias RemoteHomeActionID = RemoteID<Remote.HomeAction>

extension RemoteID where Kind == Remote.User {
    /// WENJIN's marker for an anonymous author (WeCenter's reserved user −1).
    public static let anonymous = RemoteUserID(-1)

    public var isAnonymous: Bool { rawValue == -1 }
}
