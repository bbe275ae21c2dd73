import Foundation
import WenjinModel
import WenjinSQLite

/// A Swift value that can be bound to a statement parameter. Times are stored as whole unix
/// seconds, the unit the API sends.
protocol SQLConvertible {
    var sqlValue: SQLiteValue { get }
}

extension Int: SQLConvertible {
    var sqlValue: SQLiteValue { .integer(Int64(self)) }
}

extension Bool: SQLConvertible {
    var sqlValue: SQLiteValue { .integer(self ? 1 : 0) }
}

extension String: SQLConvertible {
    var sqlValue: SQLiteValue { .text(self) }
}

extension Data: SQLConvertible {
    var sqlValue: SQLiteValue { .blob(self) }
}

extension Date: SQLConvertible {
    /// Whole seconds a stored time is held to: ±2⁵³, where a `Date` and its seconds convert
    /// both ways exactly, so a time read back never traps a conversion to `Int` downstream.
    /// The crawler hands over sane times; this stops whatever else comes from trapping here.
    static let storableSeconds: ClosedRange<Int64> = -(1 << 53)...(1 << 53)

    var sqlValue: SQLiteValue { .integer(Self.storable(timeIntervalSince1970)) }

    /// `seconds` rounded down and clamped into `storableSeconds` (NaN as 0).
    static func storable(_ seconds: TimeInterval) -> Int64 {
        guard !seconds.isNaN else { return 0 }
        let bounds = storableSeconds
        return Int64(min(max(seconds.rounded(.down), Double(bounds.lowerBound)), Double(bounds.upperBound)))
    }
}

extension Optional: SQLConvertible where Wrapped: SQLConvertible {
    var sqlValue: SQLiteValue { self?.sqlValue ?? .null }
}

extension SQLConvertible where Self: EntityID {
    var sqlValue: SQLiteValue { .integer(Int64(rawValue)) }
}

extension UserID: SQLConvertible {}
extension QuestionID: SQLConvertible {}
extension AnswerID: SQLConvertible {}
extension AnswerCommentID: SQLConvertible {}
extension TopicID: SQLConvertible {}
extension ArticleID: SQLConvertible {}
extension ArticleCommentID: SQLConvertible {}

extension AssetURL: SQLConvertible {
    var sqlValue: SQLiteValue { .text(rawValue) }
}
