import Foundation

/// One value of a binary property list, as read or to be written.
///
/// Dictionaries have string keys only: keyed archives never use others, and the reader
/// rejects them rather than guessing. A `fill` byte (0x0F) is read as `null`.
package indirect enum PropertyListValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// Integers above `Int64.max` (stored as 16-byte integers).
    case unsignedInteger(UInt64)
    case real(Double)
    case date(Date)
    case data(Data)
    case string(String)
    /// NSKeyedArchiver's object reference (`CF$UID`): an index into `$objects`.
    case uid(UInt64)
    case array([PropertyListValue])
    case set([PropertyListValue])
    case dictionary([String: PropertyListValue])

    package var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    package var uidValue: UInt64? {
        if case .uid(let value) = self { return value }
        return nil
    }

    package var dictionaryValue: [String: PropertyListValue]? {
        if case .dictionary(let value) = self { return value }
        return nil
    }

    package var arrayValue: [PropertyListValue]? {
        switch self {
        case .array(let value), .set(let value): return value
        default: return nil
        }
    }

    package var dataValue: Data? {
        if case .data(let value) = self { return value }
        return nil
    }

    /// Integers and reals as a Double (UIKit archives sizes and colour components either way).
    package var doubleValue: Double? {
        switch self {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        case .unsignedInteger(let value): return Double(value)
        default: return nil
        }
    }
}
