/// A JSON value as PHP builds it: objects keep their insertion order, and the text is written
/// exactly as `json_encode` without flags writes it (non-ASCII as `\uXXXX`, `/` as `\/`).
indirect enum PHPValue: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([PHPValue])
    case object([(String, PHPValue)])

    init(stringLiteral value: String) { self = .string(value) }
    init(integerLiteral value: Int) { self = .int(value) }

    /// A database value: PDO_MYSQL (and the stand-alone scripts) send every column as a string.
    static func column(_ value: Int) -> PHPValue { .string(String(value)) }

    /// `json_encode($value)`.
    var encoded: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        write(to: &out)
        return out
    }

    func write(to out: inout [UInt8]) {
        switch self {
        case .null: out.append(contentsOf: Array("null".utf8))
        case .bool(let value): out.append(contentsOf: Array((value ? "true" : "false").utf8))
        case .int(let value): out.append(contentsOf: Array(String(value).utf8))
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &out)
                out.append(UInt8(ascii: ":"))
                value.write(to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ value: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for unit in value.utf16 {
            switch unit {
            case 0x22: out.append(contentsOf: [0x5C, 0x22])
            case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
            case 0x2F: out.append(contentsOf: [0x5C, 0x2F])
            case 0x08: out.append(contentsOf: [0x5C, UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [0x5C, UInt8(ascii: "f")])
            case 0x0A: out.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x20..<0x7F: out.append(UInt8(unit))
            default:
                out.append(contentsOf: [0x5C, UInt8(ascii: "u")])
                for shift in stride(from: 12, through: 0, by: -4) {
                    out.append(hexDigits[Int((unit >> UInt16(shift)) & 0xF)])
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
