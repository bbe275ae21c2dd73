import WenjinJSON

extension JSONNode {
    /// "a string", "an object", ... for site.json's "expected X, found Y" messages.
    package var kindDescription: String {
        switch value {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .integer, .double: return "a number"
        case .bool: return "true or false"
        case .null: return "null"
        }
    }
}
