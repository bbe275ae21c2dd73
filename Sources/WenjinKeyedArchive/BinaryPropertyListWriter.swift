import Foundation

/// Writes a `PropertyListValue` as a `bplist00` binary property list.
///
/// Output is deterministic: dictionary keys are written sorted, and equal scalars (strings,
/// numbers, data, UIDs) are stored once and shared, as Apple's and Python's writers do.
package struct BinaryPropertyListWriter: Sendable {
    package init() {}

    package func write(_ value: PropertyListValue) -> Data {
        var table = ObjectTable()
        let top = table.add(value)
        return table.encode(top: top)
    }
}

/// The property list flattened into numbered objects; containers refer to others by number.
private struct ObjectTable {
    enum Object {
        case scalar(PropertyListValue)
        case array([Int], marker: UInt8)
        case dictionary(keys: [Int], values: [Int])
    }

    private var objects: [Object] = []
    private var scalarIndex: [PropertyListValue: Int] = [:]

    mutating func add(_ value: PropertyListValue) -> Int {
        switch value {
        case .array(let elements), .set(let elements):
            let index = reserve()
            let refs = elements.map { add($0) }
            objects[index] = .array(refs, marker: { if case .set = value { 0xC0 } else { 0xA0 } }())
            return index
        case .dictionary(let entries):
            let index = reserve()
            let keys = entries.keys.sorted()
            let keyRefs = keys.map { add(.string($0)) }
            let valueRefs = keys.map { add(entries[$0]!) }
            objects[index] = .dictionary(keys: keyRefs, values: valueRefs)
            return index
        default:
            if let known = scalarIndex[value] { return known }
            objects.append(.scalar(value))
            scalarIndex[value] = objects.count - 1
            return objects.count - 1
        }
    }

    private mutating func reserve() -> Int {
        objects.append(.scalar(.null))
        return objects.count - 1
    }

    func encode(top: Int) -> Data {
        let refSize = Self.byteCount(for: UInt64(objects.count))
        var out: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(objects.count)
        for object in objects {
            offsets.append(out.count)
            switch object {
            case .scalar(let value):
                Self.appendScalar(value, to: &out)
            case .array(let refs, let marker):
                Self.appendHeader(marker, count: refs.count, to: &out)
                for ref in refs { Self.appendBigEndian(UInt64(ref), size: refSize, to: &out) }
            case .dictionary(let keys, let values):
                Self.appendHeader(0xD0, count: keys.count, to: &out)
                for ref in keys + values { Self.appendBigEndian(UInt64(ref), size: refSize, to: &out) }
            }
        }
        let tableOffset = out.count
        let offsetSize = Self.byteCount(for: UInt64(tableOffset))
        for offset in offsets { Self.appendBigEndian(UInt64(offset), size: offsetSize, to: &out) }
        out += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(refSize)]
        Self.appendBigEndian(UInt64(objects.count), size: 8, to: &out)
        Self.appendBigEndian(UInt64(top), size: 8, to: &out)
        Self.appendBigEndian(UInt64(tableOffset), size: 8, to: &out)
        return Data(out)
    }

    /// 1, 2, 4 or 8: the smallest width the format allows that holds `value`.
    private static func byteCount(for value: UInt64) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }
        return 8
    }

    private static func appendBigEndian(_ value: UInt64, size: Int, to out: inout [UInt8]) {
        for shift in stride(from: (size - 1) * 8, through: 0, by: -8) { out.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    private static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        let size = value < 0 ? 8 : byteCount(for: UInt64(value))
        out.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(UInt64(bitPattern: value), size: size, to: &out)
    }

    private static func appendHeader(_ marker: UInt8, count: Int, to out: inout [UInt8]) {
        if count < 15 {
            out.append(marker | UInt8(count))
        } else {
            out.append(marker | 0x0F)
            appendInteger(Int64(count), to: &out)
        }
    }

    private static func appendScalar(_ value: PropertyListValue, to out: inout [UInt8]) {
        switch value {
        case .null: out.append(0x00)
        case .bool(let flag): out.append(flag ? 0x09 : 0x08)
        case .integer(let number): appendInteger(number, to: &out)
        case .unsignedInteger(let number):
            out.append(0x14)
            appendBigEndian(0, size: 8, to: &out)
            appendBigEndian(number, size: 8, to: &out)
        case .real(let number):
            out.append(0x23)
            appendBigEndian(number.bitPattern, size: 8, to: &out)
        case .date(let date):
            out.append(0x33)
            appendBigEndian(date.timeIntervalSinceReferenceDate.bitPattern, size: 8, to: &out)
        case .data(let bytes):
            appendHeader(0x40, count: bytes.count, to: &out)
            out += bytes
        case .string(let text):
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                appendHeader(0x50, count: text.utf8.count, to: &out)
                out += text.utf8
            } else {
                appendHeader(0x60, count: text.utf16.count, to: &out)
                for unit in text.utf16 { out += [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
            }
        case .uid(let number):
            let size = byteCount(for: number)
            out.append(0x80 | UInt8(size - 1))
            appendBigEndian(number, size: size, to: &out)
        case .array, .set, .dictionary:
            preconditionFailure("containers are flattened by ObjectTable.add")
        }
    }
}
