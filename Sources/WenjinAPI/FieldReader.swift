import WenjinJSON

/// Reads the members of one JSON object the tolerant way docs/api.md §5 asks for:
/// numbers as numbers or numeric strings, lists as arrays or number-keyed objects, absent
/// and null alike. Every problem names its path (`rsm.answers[2].answer_id`).
struct FieldReader {
    struct Problem: Error {
        let path: String
        let problem: String
    }

    /// How the items of a list that arrived as an object are ordered.
    enum KeyedListOrder {
        /// By numeric key: WeCenter's position-keyed lists (`answers`, best answer at key 0).
        case numericKeys
        /// As sent: lists keyed by something else (explore `answer_users`, keyed by uid but
        /// ordered most-agreed first).
        case document
    }

    let path: String
    private let members: [JSONMember]

    init(_ value: JSONValue, path: String) throws(Problem) {
        guard case .object(let members) = value else {
            throw Problem(path: path, problem: "expected an object, got \(value.kindName)")
        }
        self.members = members
        self.path = path
    }

    /// The raw member, nil when absent or null.
    func value(_ key: String) -> JSONValue? {
        guard let found = members.first(where: { $0.key == key })?.value.value, found != .null else { return nil }
        return found
    }

    func problem(_ key: String, _ text: String) -> Problem {
        Problem(path: "\(path).\(key)", problem: text)
    }

    // MARK: text

    /// Text exactly as sent (HTML entities kept); numbers become their decimal text.
    func optionalString(_ key: String) throws(Problem) -> String? {
        guard let raw = value(key) else { return nil }
        switch raw {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .double(let number): return String(number)
        default: throw problem(key, "expected text, got \(raw.kindName)")
        }
    }

    /// Text that may be absent or null, read as "" then (bodies, descriptions).
    func text(_ key: String) throws(Problem) -> String { try optionalString(key) ?? "" }

    /// A relative file path that may be "", null or absent; nil for all three.
    func optionalPath(_ key: String) throws(Problem) -> String? {
        guard let text = try optionalString(key), !text.isEmpty else { return nil }
        return text
    }

    // MARK: nested values

    func object(_ key: String) throws(Problem) -> FieldReader {
        guard let nested = try optionalObject(key) else { throw problem(key, "missing") }
        return nested
    }

    /// Nil when absent, null, or PHP's empty array `[]` standing for an empty object.
    func optionalObject(_ key: String) throws(Problem) -> FieldReader? {
        guard let raw = value(key) else { return nil }
        if case .array(let items) = raw, items.isEmpty { return nil }
        return try FieldReader(raw, path: "\(path).\(key)")
    }

    /// The objects of a list that may be an array, an object keyed by number, absent, null,
    /// or one of PHP's "nothing" values (`"0"`, `""`, `0`, `false`). Any unreadable item fails
    /// the list: for lists embedded in one item (topics, answer users).
    func list(_ key: String, keyedOrder: KeyedListOrder = .numericKeys) throws(Problem) -> [FieldReader] {
        guard let raw = value(key) else { return [] }
        var readers: [FieldReader] = []
        for element in try Self.elements(of: raw, path: "\(path).\(key)", keyedOrder: keyedOrder) {
            readers.append(try FieldReader(element.value, path: element.path))
        }
        return readers
    }

    /// The items of a list (shapes as in `list`), each read by `read`. An item that cannot be
    /// read becomes a problem beside the others instead of failing them all: one odd row of a
    /// page must not hide the rest of the page from the crawler.
    func eachItem<T>(in key: String, keyedOrder: KeyedListOrder = .numericKeys,
                     _ read: (FieldReader) throws(Problem) -> T) throws(Problem) -> (values: [T], problems: [Problem]) {
        guard let raw = value(key) else { return ([], []) }
        return try Self.eachItem(of: raw, path: "\(path).\(key)", keyedOrder: keyedOrder, read)
    }

    /// `eachItem(in:keyedOrder:_:)` for a list value found at `path` (a bare `rsm`).
    static func eachItem<T>(of raw: JSONValue, path: String, keyedOrder: KeyedListOrder = .numericKeys,
                            _ read: (FieldReader) throws(Problem) -> T) throws(Problem) -> (values: [T], problems: [Problem]) {
        var values: [T] = []
        var problems: [Problem] = []
        for element in try elements(of: raw, path: path, keyedOrder: keyedOrder) {
            do {
                values.append(try read(try FieldReader(element.value, path: element.path)))
            } catch {
                problems.append(error)
            }
        }
        return (values, problems)
    }

    private static func elements(of raw: JSONValue, path: String, keyedOrder: KeyedListOrder) throws(Problem) -> [(path: String, value: JSONValue)] {
        switch raw {
        case .array(let values):
            return values.enumerated().map { ("\(path)[\($0.offset)]", $0.element.value) }
        case .object(let members):
            var ordered = members
            if keyedOrder == .numericKeys {
                var numbered: [(number: Int, member: JSONMember)] = []
                for member in members {
                    guard let number = Int(member.key) else { throw Problem(path: path, problem: "object keys are not numbers") }
                    numbered.append((number, member))
                }
                ordered = numbered.sorted { $0.number < $1.number }.map(\.member)
            }
            return ordered.map { ("\(path)[\"\($0.key)\"]", $0.value.value) }
        case .string(let text) where text == "0" || text.isEmpty: return []
        case .integer(0), .bool(false), .null: return []
        default:
            throw Problem(path: path, problem: "expected a list, got \(raw.kindName)")
        }
    }
}

extension StringProtocol {
    func trimmingASCIIWhitespace() -> SubSequence {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }) else { return self[endIndex...] }
        let last = lastIndex(where: { !isSpace($0) })!
        return self[first...last]
    }
}
