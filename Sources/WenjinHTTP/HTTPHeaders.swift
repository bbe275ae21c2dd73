/// Header fields in the order they were sent or added, looked up without regard to case.
///
/// Several fields may share a name (`Set-Cookie`), so this is a list, not a dictionary.
package struct HTTPHeaders: Sendable, Equatable {
    package struct Field: Sendable, Equatable {
        package var name: String
        package var value: String

        package init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    package private(set) var fields: [Field]

    package init(_ fields: [Field] = []) {
        self.fields = fields
    }

    package var count: Int { fields.count }

    /// The first value of the field `name`. Setting replaces every field of that name (nil removes them).
    package subscript(name: String) -> String? {
        get { fields.first { Self.sameName($0.name, name) }?.value }
        set {
            remove(name)
            if let newValue { fields.append(Field(name: name, value: newValue)) }
        }
    }

    /// Every value of the field `name`, in order.
    package func values(for name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// Adds a field after the others, keeping any of the same name (for `Set-Cookie`).
    package mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    package mutating func remove(_ name: String) {
        fields.removeAll { Self.sameName($0.name, name) }
    }

    package func contains(_ name: String) -> Bool {
        fields.contains { Self.sameName($0.name, name) }
    }

    /// Whether the comma-separated list in `name` (such as `Connection`) holds `token`, ignoring case.
    func listContains(_ name: String, token: String) -> Bool {
        values(for: name).contains { value in
            value.split(separator: ",").contains {
                Self.sameName($0.trimmingSpaces, token)
            }
        }
    }

    /// Header names are ASCII tokens: comparing bytes with ASCII case folding avoids
    /// allocating lowercased copies on every lookup.
    static func sameName<A: StringProtocol, B: StringProtocol>(_ a: A, _ b: B) -> Bool {
        a.utf8.elementsEqual(b.utf8) { asciiLowercase($0) == asciiLowercase($1) }
    }

    private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// Repeated keys are kept, in order: `["Set-Cookie": "a=1", "Set-Cookie": "b=2"]`.
    package init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements.map { Field(name: $0.0, value: $0.1) })
    }
}

extension HTTPHeaders: Sequence {
    package func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }
}

extension StringProtocol {
    var trimmingSpaces: SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isSpace($0) })!
        return self[first...last]
    }
}
