import Foundation
import WenjinModel

/// A value bound to a statement parameter. Times are stored as whole unix seconds, the
/// unit the API sends.
enum SQLValue {
    case null
    case integer(Int64)
    case text(String)
    case blob(Data)
}

/// A Swift value that can be bound to a statement parameter.
protocol SQLConvertible {
    var sqlValue: SQLValue { get }
}

extension Int: SQLConvertible {
    var sqlValue: SQLValue { .integer(Int64(self)) }
}

extension Bool: SQLConvertible {
    var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}

extension String: SQLConvertible {
    var sqlValue: SQLValue { .text(self) }
}

extension Data: SQLConvertible {
    var sqlValue: SQLValue { .blob(self) }
}

extension Date: SQLConvertible {
    var sqlValue: SQLValue { .integer(Int64(timeIntervalSince1970.rounded(.down))) }
}

extension Optional: SQLConvertible where Wrapped: SQLConvertible {
    var sqlValue: SQLValue { self?.sqlValue ?? .null }
}

extension SQLConvertible where Self: EntityID {
    var sqlValue: SQLValue { .integer(Int64(rawValue)) }
}

extension UserID: SQLConvertible {}
extension QuestionID: SQLConvertible {}
extension AnswerID: SQLConvertible {}
extension AnswerCommentID: SQLConvertible {}
extension TopicID: SQLConvertible {}
extension ArticleID: SQLConvertible {}
extension ArticleCommentID: SQLConvertible {}

extension AssetURL: SQLConvertible {
    var sqlValue: SQLValue { .text(rawValue) }
}
