/// An object of a template context: named values with the keys in insertion order.
///
/// The order matters only to people reading or dumping contexts (lookups are by key), but it
/// keeps contexts built in different runs identical.
public struct TemplateObject: Sendable, Equatable {
    /// The keys, in the order they were first set.
    public private(set) var keys: [String] = []
    private var values: [String: TemplateValue] = [:]

    public init() {}

    /// The value for `key`; setting `nil` removes the key.
    public subscript(key: String) -> TemplateValue? {
        get { values[key] }
        set {
            if let newValue {
                if values.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if values.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    public var isEmpty: Bool { keys.isEmpty }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, TemplateValue)...) {
        for (key, value) in elements { self[key] = value }
    }
}
