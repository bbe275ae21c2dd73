/// A parsed JSON value. Objects keep their members in document order, because some WeCenter
/// lists arrive as objects whose order carries meaning (explore `answer_users`, docs/api.md §5),
/// and integers stay apart from fractions and booleans from numbers, which the tolerant API
/// readers and site.json's strict ones both need to see (Foundation's parser blurs both).
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A literal without fraction or exponent that fits `Int`.
    case integer(Int)
    /// Any other number: a fraction, an exponent, or an integer too large for `Int`.
    case double(Double)
    case string(String)
    case array([JSONNode])
    case object([JSONMember])

    /// The member named `key` of an object; nil for a missing key or a non-object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value.value
    }

    /// The number as a `Double`, for either kind of number.
    package var number: Double? {
        switch self {
        case .integer(let integer): Double(integer)
        case .double(let double): double
        default: nil
        }
    }
}

/// A value and the byte offset in the document where it starts. Only the offset is kept:
/// line and column are worked out from it when an error needs them (`JSONSource`).
package struct JSONNode: Sendable, Equatable {
    package let value: JSONValue
    package let offset: Int

    package init(_ value: JSONValue, offset: Int) {
        self.value = value
        self.offset = offset
    }
}

/// One member of an object, with the offset of its key (where a duplicate or unknown key is).
package struct JSONMember: Sendable, Equatable {
    package let key: String
    package let keyOffset: Int
    package let value: JSONNode
}
