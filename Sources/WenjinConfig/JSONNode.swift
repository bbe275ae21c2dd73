/// A line and column in a text file, both counted from 1; columns count Unicode scalars.
package struct TextPosition: Sendable, Equatable, CustomStringConvertible {
    package var line: Int
    package var column: Int
    package var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers where it was written, so configuration errors can point
/// at the exact line and column (Foundation's parser keeps no positions).
package struct JSONNode: Sendable {
    package struct Member: Sendable {
        package let key: String
        package let keyPosition: TextPosition
        package let value: JSONNode
    }

    package enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        /// `isInteger` is true when the literal had neither fraction nor exponent.
        case number(Double, isInteger: Bool)
        case bool(Bool)
        case null
    }

    package let value: Value
    package let position: TextPosition

    /// "a string", "an object", ... for "expected X, found Y" messages.
    package var kindDescription: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }
}
