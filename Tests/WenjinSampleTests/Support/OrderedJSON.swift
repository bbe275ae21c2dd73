/// A JSON reader for tests that keeps what Foundation's drops: the order of object keys and the
/// difference between a number and a numeric string, so responses can be compared key by key.
indirect enum OrderedJSON: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([OrderedJSON])
    case object([(key: String, value: OrderedJSON)])

    static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)), (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    /// The JSON type's name: what tests compare when values differ by design.
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    subscript(key: String) -> OrderedJSON? {
        if case .object(let members) = self { return members.first { $0.key == key }?.value }
        return nil
    }

    subscript(index: Int) -> OrderedJSON? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    var keys: [String] { if case .object(let members) = self { members.map(\.key) } else { [] } }
    var items: [OrderedJSON] {
        switch self {
        case .array(let items): items
        case .object(let members): members.map(\.value)
        default: []
        }
    }
    var string: String? { if case .string(let text) = self { text } else { nil } }
    var int: Int? {
        switch self {
        case .number(let text), .string(let text): Int(text)
        default: nil
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): "\(value)"
        case .number(let text): text
        case .string(let text): "\"\(text)\""
        case .array(let items): "[" + items.map(\.description).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
        }
    }

    struct SyntaxError: Error { let offset: Int }

    init(parsing bytes: [UInt8]) throws {
        var reader = Reader(bytes: bytes)
        self = try reader.value()
        reader.skipSpace()
        guard reader.position == bytes.count else { throw SyntaxError(offset: reader.position) }
    }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        mutating func skipSpace() {
            while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
        }

        mutating func value() throws -> OrderedJSON {
            skipSpace()
            guard position < bytes.count else { throw SyntaxError(offset: position) }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var members: [(key: String, value: OrderedJSON)] = []
                skipSpace()
                if bytes[position] == UInt8(ascii: "}") { position += 1; return .object([]) }
                while true {
                    skipSpace()
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    members.append((key, try value()))
                    skipSpace()
                    if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                    try expect("}")
                    return .object(members)
                }
            case UInt8(ascii: "["):
                position += 1
                var items: [OrderedJSON] = []
                skipSpace()
                if bytes[position] == UInt8(ascii: "]") { position += 1; return .array([]) }
                while true {
                    items.append(try value())
                    skipSpace()
                    if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                    try expect("]")
                    return .array(items)
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): try literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try literal("null"); return .null
            default:
                let start = position
                while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) { position += 1 }
                guard position > start else { throw SyntaxError(offset: position) }
                return .number(String(decoding: bytes[start..<position], as: UTF8.self))
            }
        }

        mutating func expect(_ character: Character) throws {
            guard position < bytes.count, bytes[position] == character.asciiValue! else { throw SyntaxError(offset: position) }
            position += 1
        }

        mutating func literal(_ word: String) throws {
            for byte in word.utf8 {
                guard position < bytes.count, bytes[position] == byte else { throw SyntaxError(offset: position) }
                position += 1
            }
        }

        mutating func string() throws -> String {
            try expect("\"")
            var units: [UInt16] = []
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                switch byte {
                case UInt8(ascii: "\""): return String(decoding: units, as: UTF16.self)
                case UInt8(ascii: "\\"):
                    let escape = bytes[position]
                    position += 1
                    switch escape {
                    case UInt8(ascii: "u"):
                        let hex = String(decoding: bytes[position..<position + 4], as: UTF8.self)
                        guard let unit = UInt16(hex, radix: 16) else { throw SyntaxError(offset: position) }
                        units.append(unit)
                        position += 4
                    case UInt8(ascii: "n"): units.append(0x0A)
                    case UInt8(ascii: "r"): units.append(0x0D)
                    case UInt8(ascii: "t"): units.append(0x09)
                    case UInt8(ascii: "b"): units.append(0x08)
                    case UInt8(ascii: "f"): units.append(0x0C)
                    default: units.append(UInt16(escape))
                    }
                default:
                    // Raw UTF-8: decode the sequence starting here.
                    var end = position
                    while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                    units += Array(String(decoding: bytes[(position - 1)..<end], as: UTF8.self).utf16)
                    position = end
                }
            }
            throw SyntaxError(offset: position)
        }
    }
}
