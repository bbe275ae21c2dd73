/// A parsed JSON document. Objects keep their members in document order, because some
/// WeCenter lists arrive as objects whose order carries meaning (explore `answer_users`).
enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.integer(let a), .integer(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The member named `key` of an object; nil for a missing key or a non-object.
    subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name of the kind of value, for error messages.
    var kindName: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return "boolean \(b)"
        case .integer(let i): return "number \(i)"
        case .double(let d): return "number \(d)"
        case .string(let s): return "string \(String(s.prefix(40)).debugDescription)"
        case .array(let a): return "array of \(a.count)"
        case .object(let o): return "object of \(o.count) keys"
        }
    }
}
