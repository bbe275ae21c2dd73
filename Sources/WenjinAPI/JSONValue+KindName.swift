import WenjinJSON

extension JSONValue {
    /// The kind of a value and a glimpse of it, for the field problems of docs/api.md §5
    /// (`expected a number, got string "abc"`).
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
