/// What every ID type shares: a positive MySQL auto-increment integer, wrapped so a question's
/// ID cannot be passed where an answer's is expected.
///
/// Conforming to `RawRepresentable` with an `Int` raw value gives each ID the standard library's
/// single-value `Codable` form, so an ID encodes as a bare JSON number.
package protocol EntityID: RawRepresentable, Hashable, Comparable, Codable, Sendable,
    CustomStringConvertible, ExpressibleByIntegerLiteral where RawValue == Int {
    init(rawValue: Int)
}

extension EntityID {
    package init(_ rawValue: Int) { self.init(rawValue: rawValue) }
    package init(integerLiteral value: Int) { self.init(rawValue: value) }
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    package var description: String { String(rawValue) }
}

/// A user's `uid`. The API's anonymous marker −1 is never stored as a `UserID`: anonymous
/// authors are `nil`.
package struct UserID: EntityID {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
}

package struct QuestionID: EntityID {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
}

package struct AnswerID: EntityID {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
}

package struct AnswerCommentID: EntityID {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
}

package struct TopicID: EntityID {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
}

package struct ArticleID: EntityID {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
}

package struct ArticleCommentID: EntityID {
    package let rawValue: Int
    package init(rawValue: Int) { self.rawValue = rawValue }
}
