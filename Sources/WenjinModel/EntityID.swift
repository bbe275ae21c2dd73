/// What every ID type shares: a positive MySQL auto-increment integer, wrapped so a question's
/// ID cannot be passed where an answer's is expected.
///
/// Conforming to `RawRepresentable` with an `Int` raw value gives each ID the standard library's
/// single-value `Codable` form, so an ID encodes as a bare JSON number.
public protocol EntityID: RawRepresentable, Hashable, Comparable, Codable, Sendable,
    CustomStringConvertible, ExpressibleByIntegerLiteral where RawValue == Int {
    init(rawValue: Int)
}

extension EntityID {
    public init(_ rawValue: Int) { self.init(rawValue: rawValue) }
    public init(integerLiteral value: Int) { self.init(rawValue: value) }
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { String(rawValue) }
}

/// A user's `uid`. The API's anonymous marker −1 is never stored as a `UserID`: anonymous
/// authors are `nil`.
public struct UserID: EntityID {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

public struct QuestionID: EntityID {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

public struct AnswerID: EntityID {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

public struct AnswerCommentID: EntityID {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

public struct TopicID: EntityID {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

public struct ArticleID: EntityID {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}

public struct ArticleCommentID: EntityID {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
}
