import Foundation

/// A value bound to a statement parameter.
package enum SQLiteValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case text(String)
    case blob(Data)
}
