/// A line and column in a text file, both counted from 1; columns count Unicode scalars.
struct TextPosition: Sendable, Equatable, CustomStringConvertible {
    var line: Int
    var column: Int
    var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers where it was written, so configuration errors can point
/// at the exact line and column (Foundation's parser keeps no positions).
struct JSONNode: Sendable {
    struct Member: Sendable {
        let key: String
        let keyPosition: TextPosition
        let value: JSONNode
    }

    enum Value: Sendable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        /// `isInteger` is true when the literal had neither fraction nor exponent.
        case number(Double, isInteger: Bool)
        case bool(Bool)
        case null
    }

    let value: Value
    let position: TextPosition

    /// "a string", "an object", ... for "expected X, found Y" messages.
    var kindDescription: String {
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
