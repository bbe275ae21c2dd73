/// An object of a template context: named values with the keys in insertion order.
///
/// The order matters only to people reading or dumping contexts (lookups are by key), but it
/// keeps contexts built in different runs identical. Small objects, the usual view model,
/// are searched linearly: comparing a few short keys is cheaper than hashing one.
package struct TemplateObject: Sendable, Equatable {
    /// The keys, in the order they were first set.
    package private(set) var keys: [String] = []
    private var values: [TemplateValue] = []
    /// Positions by key, kept only past `linearLimit` keys.
    private var positions: [String: Int]?

    private static let linearLimit = 12

    package init() {}

    /// The value for `key`; setting `nil` removes the key.
    package subscript(key: String) -> TemplateValue? {
        get { position(of: key).map { values[$0] } }
        set {
            switch (position(of: key), newValue) {
            case (let position?, let value?):
                values[position] = value
            case (nil, let value?):
                keys.append(key)
                values.append(value)
                if positions != nil {
                    positions?[key] = keys.count - 1
                } else if keys.count > Self.linearLimit {
                    indexPositions()
                }
            case (let position?, nil):
                keys.remove(at: position)
                values.remove(at: position)
                if positions != nil { indexPositions() }
            case (nil, nil):
                break
            }
        }
    }

    package var isEmpty: Bool { keys.isEmpty }

    private func position(of key: String) -> Int? {
        if let positions { return positions[key] }
        return keys.firstIndex(of: key)
    }

    private mutating func indexPositions() {
        positions = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })
    }

    package static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        lhs.keys == rhs.keys && lhs.values == rhs.values
    }
}

extension TemplateObject: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (String, TemplateValue)...) {
        for (key, value) in elements { self[key] = value }
    }
}
