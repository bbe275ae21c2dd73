import Foundation

/// Reads a `bplist00` binary property list into a `PropertyListValue`.
///
/// Every offset, length and reference is checked against the data before it is used, and
/// arithmetic never traps: hostile input ends in a `KeyedArchiveError`. An object referenced
/// many times is decoded once and shared (a large data object repeated a million times costs
/// no copies), but each reference is charged its full size against `Limits.maxValues`, so a
/// small file of mutually shared containers cannot stand for an exponentially large value.
package struct BinaryPropertyListReader: Sendable {
    package struct Limits: Sendable {
        /// Containers nested deeper than this are refused.
        package var maxDepth: Int
        /// The object table and the decoded tree may not hold more values than this.
        package var maxValues: Int

        package init(maxDepth: Int = 256, maxValues: Int = 1 << 20) {
            self.maxDepth = maxDepth
            self.maxValues = maxValues
        }
    }

    package let limits: Limits

    package init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Decodes the top object of `data`.
    package func read(_ data: Data) throws(KeyedArchiveError) -> PropertyListValue {
        var parse = try BinaryPropertyListParse(bytes: [UInt8](data), limits: limits)
        return try parse.decodeTop()
    }
}

/// The state of one parse: the bytes, the offset table geometry and the budgets.
private struct BinaryPropertyListParse {
    private static let trailerSize = 32
    private let bytes: [UInt8]
    private let limits: BinaryPropertyListReader.Limits
    /// Objects must lie before the trailer.
    private let bodyEnd: Int
    private let offsetSize: Int
    private let refSize: Int
    private let objectCount: Int
    private let topObject: Int
    private let offsetTable: Int
    private var inProgress: [Bool]
    private var decoded: [PropertyListValue?]
    /// How many values each decoded object stands for (itself and everything inside it).
    private var sizes: [Int]
    /// How deep each decoded object's contents go, so sharing cannot nest past `maxDepth`.
    private var heights: [Int]
    /// The deepest level the current object's contents have reached.
    private var deepest = 0
    private var valuesLeft: Int

    init(bytes: [UInt8], limits: BinaryPropertyListReader.Limits) throws(KeyedArchiveError) {
        let magic: [UInt8] = Array("bplist00".utf8)
        guard bytes.count >= magic.count + Self.trailerSize + 1, Array(bytes[0..<8]) == magic else {
            throw KeyedArchiveError(.notBinaryPropertyList, "\(bytes.count) bytes")
        }
        self.bytes = bytes
        self.limits = limits
        let trailer = bytes.count - Self.trailerSize
        bodyEnd = trailer
        offsetSize = Int(bytes[trailer + 6])
        refSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize), (1...8).contains(refSize) else {
            throw KeyedArchiveError(.badTrailer, "offset size \(offsetSize), reference size \(refSize)")
        }
        let count = Self.bigEndian(bytes, at: trailer + 8, size: 8)
        let top = Self.bigEndian(bytes, at: trailer + 16, size: 8)
        let table = Self.bigEndian(bytes, at: trailer + 24, size: 8)
        guard count >= 1, count <= UInt64(limits.maxValues) else {
            throw KeyedArchiveError(count == 0 ? .badTrailer : .tooManyObjects, "\(count) objects")
        }
        guard top < count else { throw KeyedArchiveError(.badTrailer, "top object \(top) of \(count)") }
        // count ≤ maxValues keeps count × offsetSize far from overflow.
        let tableBytes = UInt64(offsetSize) * count
        guard table >= 8, table <= UInt64(trailer), tableBytes <= UInt64(trailer) - table else {
            throw KeyedArchiveError(.badTrailer, "offset table at \(table), \(tableBytes) bytes")
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTable = Int(table)
        inProgress = [Bool](repeating: false, count: objectCount)
        decoded = [PropertyListValue?](repeating: nil, count: objectCount)
        sizes = [Int](repeating: 0, count: objectCount)
        heights = [Int](repeating: 0, count: objectCount)
        valuesLeft = limits.maxValues
    }

    mutating func decodeTop() throws(KeyedArchiveError) -> PropertyListValue {
        try decodeObject(topObject, depth: 0)
    }

    private static func bigEndian(_ bytes: [UInt8], at start: Int, size: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in start..<(start + size) { value = value << 8 | UInt64(bytes[index]) }
        return value
    }

    /// `size` bytes at `start`, checked to lie inside the body.
    private func checkedRange(_ start: Int, _ size: Int, _ what: String) throws(KeyedArchiveError) -> Range<Int> {
        guard start >= 8, size >= 0, start <= bodyEnd, size <= bodyEnd - start else {
            throw KeyedArchiveError(.outOfBounds, "\(what): \(size) bytes at \(start)")
        }
        return start..<(start + size)
    }

    private func offset(ofObject index: Int) throws(KeyedArchiveError) -> Int {
        let value = Self.bigEndian(bytes, at: offsetTable + index * offsetSize, size: offsetSize)
        guard value >= 8, value < UInt64(bodyEnd) else {
            throw KeyedArchiveError(.outOfBounds, "object \(index) at offset \(value)")
        }
        return Int(value)
    }

    private mutating func decodeObject(_ index: Int, depth: Int) throws(KeyedArchiveError) -> PropertyListValue {
        guard depth <= limits.maxDepth else { throw KeyedArchiveError(.tooDeep, "object \(index)") }
        if let known = decoded[index] {
            guard sizes[index] <= valuesLeft else { throw KeyedArchiveError(.tooManyObjects, "object \(index)") }
            guard depth + heights[index] <= limits.maxDepth else { throw KeyedArchiveError(.tooDeep, "object \(index)") }
            valuesLeft -= sizes[index]
            deepest = max(deepest, depth + heights[index])
            return known
        }
        guard !inProgress[index] else { throw KeyedArchiveError(.cycle, "object \(index)") }
        guard valuesLeft > 0 else { throw KeyedArchiveError(.tooManyObjects, "object \(index)") }
        let before = valuesLeft
        let outerDeepest = deepest
        valuesLeft -= 1
        deepest = depth
        let value = try decodeContents(index, depth: depth)
        decoded[index] = value
        sizes[index] = before - valuesLeft
        heights[index] = deepest - depth
        deepest = max(outerDeepest, deepest)
        return value
    }

    private mutating func decodeContents(_ index: Int, depth: Int) throws(KeyedArchiveError) -> PropertyListValue {
        let start = try offset(ofObject: index)
        let marker = bytes[start]
        let low = Int(marker & 0x0F)
        let context = "object \(index) at \(start)"
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00, 0x0F: return .null
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: throw KeyedArchiveError(.unknownMarker(marker), context)
            }
        case 0x1:
            return try integer(at: start, sizeExponent: low, context)
        case 0x2:
            guard low == 2 || low == 3 else { throw KeyedArchiveError(.unknownMarker(marker), context) }
            return .real(try real(at: start + 1, size: 1 << low, context))
        case 0x3:
            guard marker == 0x33 else { throw KeyedArchiveError(.unknownMarker(marker), context) }
            return .date(Date(timeIntervalSinceReferenceDate: try real(at: start + 1, size: 8, context)))
        case 0x4:
            let (count, body) = try length(low, at: start, context)
            return .data(Data(bytes[try checkedRange(body, count, context)]))
        case 0x5:
            let (count, body) = try length(low, at: start, context)
            let range = try checkedRange(body, count, context)
            guard !bytes[range].contains(where: { $0 >= 0x80 }) else {
                throw KeyedArchiveError(.badString, "\(context): non-ASCII byte in an ASCII string")
            }
            return .string(String(decoding: bytes[range], as: UTF8.self))
        case 0x6:
            let (count, body) = try length(low, at: start, context)
            guard count <= Int.max / 2 else { throw KeyedArchiveError(.integerOutOfRange, context) }
            let range = try checkedRange(body, count * 2, context)
            let units = stride(from: range.lowerBound, to: range.upperBound, by: 2).map {
                UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1])
            }
            // Lone surrogates become U+FFFD, one unit for one, so UTF-16 run lengths still hold.
            return .string(String(decoding: units, as: UTF16.self))
        case 0x8:
            let size = low + 1
            let range = try checkedRange(start + 1, size, context)
            guard bytes[range].dropLast(min(size, 8)).allSatisfy({ $0 == 0 }) else {
                throw KeyedArchiveError(.integerOutOfRange, "\(context): UID wider than 64 bits")
            }
            return .uid(Self.bigEndian(bytes, at: max(range.lowerBound, range.upperBound - 8), size: min(size, 8)))
        case 0xA, 0xC:
            let (count, body) = try length(low, at: start, context)
            let refs = try references(count, at: body, context)
            inProgress[index] = true
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(count)
            for ref in refs { elements.append(try decodeObject(ref, depth: depth + 1)) }
            inProgress[index] = false
            return marker >> 4 == 0xA ? .array(elements) : .set(elements)
        case 0xD:
            let (count, body) = try length(low, at: start, context)
            guard count <= Int.max / 2 else { throw KeyedArchiveError(.integerOutOfRange, context) }
            let refs = try references(count * 2, at: body, context)
            inProgress[index] = true
            var entries: [String: PropertyListValue] = [:]
            entries.reserveCapacity(count)
            for pair in 0..<count {
                guard case .string(let key) = try decodeObject(refs[pair], depth: depth + 1) else {
                    throw KeyedArchiveError(.nonStringKey, "\(context), key \(pair)")
                }
                entries[key] = try decodeObject(refs[count + pair], depth: depth + 1)
            }
            inProgress[index] = false
            return .dictionary(entries)
        default:
            throw KeyedArchiveError(.unknownMarker(marker), context)
        }
    }

    /// An integer object (marker 0x1N, 2^N bytes): 1, 2 and 4 bytes are unsigned, 8 signed,
    /// and 16 a signed 128-bit value that must fit in 64 bits.
    private func integer(at start: Int, sizeExponent: Int, _ context: String) throws(KeyedArchiveError) -> PropertyListValue {
        guard sizeExponent <= 4 else { throw KeyedArchiveError(.unknownMarker(bytes[start]), context) }
        let size = 1 << sizeExponent
        let range = try checkedRange(start + 1, size, context)
        let low = Self.bigEndian(bytes, at: range.upperBound - min(size, 8), size: min(size, 8))
        switch size {
        case 8: return .integer(Int64(bitPattern: low))
        case 16:
            let high = Self.bigEndian(bytes, at: range.lowerBound, size: 8)
            if high == 0 { return low <= UInt64(Int64.max) ? .integer(Int64(low)) : .unsignedInteger(low) }
            if high == UInt64.max, low > UInt64(Int64.max) { return .integer(Int64(bitPattern: low)) }
            throw KeyedArchiveError(.integerOutOfRange, "\(context): 128-bit integer")
        default: return .integer(Int64(low))
        }
    }

    private func real(at start: Int, size: Int, _ context: String) throws(KeyedArchiveError) -> Double {
        let range = try checkedRange(start, size, context)
        let bits = Self.bigEndian(bytes, at: range.lowerBound, size: size)
        return size == 4 ? Double(Float(bitPattern: UInt32(bits))) : Double(bitPattern: bits)
    }

    /// The element or byte count of a marker, and where the object's body starts. A low
    /// nibble of 0xF means the count follows as an integer object.
    private func length(_ low: Int, at start: Int, _ context: String) throws(KeyedArchiveError) -> (Int, Int) {
        if low != 0x0F { return (low, start + 1) }
        let markerRange = try checkedRange(start + 1, 1, context)
        let marker = bytes[markerRange.lowerBound]
        guard marker >> 4 == 0x1, marker & 0x0F <= 3 else {
            throw KeyedArchiveError(.unknownMarker(marker), "\(context): length")
        }
        guard case .integer(let count) = try integer(at: start + 1, sizeExponent: Int(marker & 0x0F), context),
              count >= 0, count <= Int64(bodyEnd)
        else {
            throw KeyedArchiveError(.integerOutOfRange, "\(context): length")
        }
        return (Int(count), start + 2 + (1 << Int(marker & 0x0F)))
    }

    private func references(_ count: Int, at start: Int, _ context: String) throws(KeyedArchiveError) -> [Int] {
        guard count <= bodyEnd / refSize else { throw KeyedArchiveError(.outOfBounds, "\(context): \(count) references") }
        let range = try checkedRange(start, count * refSize, context)
        var refs: [Int] = []
        refs.reserveCapacity(count)
        for position in stride(from: range.lowerBound, to: range.upperBound, by: refSize) {
            let ref = Self.bigEndian(bytes, at: position, size: refSize)
            guard ref < UInt64(objectCount) else {
                throw KeyedArchiveError(.outOfBounds, "\(context): reference \(ref) of \(objectCount)")
            }
            refs.append(Int(ref))
        }
        return refs
    }
}
