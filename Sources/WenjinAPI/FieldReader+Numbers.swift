import WenjinJSON

/// The numbers of a JSON object, each kind held to its `SourceRange`.
extension FieldReader {
    /// A number as sent: exact when it fits `Int`, else only its sign (a 40-digit numeric
    /// string, `1e300`, `9223372036854775808`), which is all a clamp needs.
    enum SentNumber: Equatable {
        case exact(Int)
        case beyond(negative: Bool)

        func clamped(to range: ClosedRange<Int>) -> Int {
            switch self {
            case .exact(let number): min(max(number, range.lowerBound), range.upperBound)
            case .beyond(let negative): negative ? range.lowerBound : range.upperBound
            }
        }
    }

    /// Nil when absent, null or the empty string (PHP's "no value"); a whole number as a JSON
    /// number, a numeric string or a boolean; anything else (a fraction, "NaN", text) is a problem.
    func sentNumber(_ key: String) throws(Problem) -> SentNumber? {
        guard let raw = value(key) else { return nil }
        switch raw {
        case .integer(let number): return .exact(number)
        case .double(let number) where number.rounded() == number:
            return abs(number) < 1e15 ? .exact(Int(number)) : .beyond(negative: number < 0)
        case .string(let text):
            let trimmed = text.trimmingASCIIWhitespace()
            if trimmed.isEmpty { return nil }
            if let number = Int(trimmed) { return .exact(number) }
            let digits = trimmed.first == "-" || trimmed.first == "+" ? trimmed.dropFirst() : trimmed[...]
            if !digits.isEmpty, digits.allSatisfy({ $0 >= "0" && $0 <= "9" }) { return .beyond(negative: trimmed.first == "-") }
        case .bool(let flag): return .exact(flag ? 1 : 0)
        default: break
        }
        throw problem(key, "expected a number, got \(raw.kindName)")
    }

    /// A number that must fit `Int` exactly (an action code); nil when absent.
    func optionalInt(_ key: String) throws(Problem) -> Int? {
        switch try sentNumber(key) {
        case nil: return nil
        case .exact(let number): return number
        case .beyond: throw problem(key, "number out of range")
        }
    }

    func int(_ key: String) throws(Problem) -> Int {
        guard let number = try optionalInt(key) else { throw problem(key, "missing") }
        return number
    }

    /// A count clamped into `SourceRange.counts`; nil when absent.
    func optionalCount(_ key: String) throws(Problem) -> Int? {
        try sentNumber(key)?.clamped(to: SourceRange.counts)
    }

    /// A count clamped into `SourceRange.counts`; 0 when absent.
    func count(_ key: String) throws(Problem) -> Int { try optionalCount(key) ?? 0 }

    /// Votes clamped into `SourceRange.votes`; 0 when absent.
    func votes(_ key: String) throws(Problem) -> Int { try sentNumber(key)?.clamped(to: SourceRange.votes) ?? 0 }

    /// Unix seconds; nil when absent or outside `SourceRange.unixTimes` (unknown, not made up).
    func time(_ key: String) throws(Problem) -> Int? {
        guard case .exact(let seconds)? = try sentNumber(key), SourceRange.unixTimes.contains(seconds) else { return nil }
        return seconds
    }

    func id<Kind>(_ key: String) throws(Problem) -> RemoteID<Kind> {
        guard let id: RemoteID<Kind> = try anyID(key) else { throw problem(key, "missing") }
        // Only a user may be "none"; a post, topic or comment numbered 0 has no page to be.
        guard id.rawValue != 0 || Kind.self == Remote.User.self else { throw problem(key, "id out of range") }
        return id
    }

    /// A reference to another item (an asker, a reply target): nil when absent, when it cannot
    /// be read or lies outside the range (the item is kept, without the reference), and for
    /// kinds other than users when 0 (WeCenter's "none").
    func optionalID<Kind>(_ key: String) -> RemoteID<Kind>? {
        guard let id: RemoteID<Kind> = try? anyID(key) else { return nil }
        return id.rawValue == 0 && Kind.self != Remote.User.self ? nil : id
    }

    /// An id within `SourceRange.ids`; users may also be −1 (anonymous) or 0 (none), and an
    /// optional id of another kind 0. As an item's own id, anything else fails the item.
    private func anyID<Kind>(_ key: String) throws(Problem) -> RemoteID<Kind>? {
        guard let sent = try sentNumber(key) else { return nil }
        guard case .exact(let number) = sent,
              SourceRange.ids.contains(number) || number == 0 || (number == -1 && Kind.self == Remote.User.self)
        else { throw problem(key, "id out of range") }
        return RemoteID(number)
    }

    /// A 0/1 flag as a number, numeric string or boolean; nil when absent. Any other number
    /// counts as set, as PHP reads it.
    func flag(_ key: String) throws(Problem) -> Bool? {
        try sentNumber(key).map { $0 != .exact(0) }
    }
}
