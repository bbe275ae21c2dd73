import Foundation

/// NSAttributedString as Foundation archives it: `NSString` (the text), `NSAttributes` (one
/// attribute dictionary, or an array of them) and `NSAttributeInfo` (varint pairs of run
/// length in UTF-16 units and index into that array). Without `NSAttributeInfo` the single
/// dictionary covers the whole string.
extension ArchiveGraphDecoder {
    mutating func decodeAttributedString(
        _ instance: ArchivedInstance, depth: Int
    ) throws(KeyedArchiveError) -> ArchivedAttributedString {
        let text: String
        switch try member(instance, "NSString", depth: depth) {
        case .string(let value)?: text = value
        case .attributedString(let inner)?: text = inner.string
        case nil: text = ""
        default: throw KeyedArchiveError(.malformedObject, "\(instance): NSString is not a string")
        }
        let length = text.utf16.count
        let dictionaries: [TextAttributes]
        switch try member(instance, "NSAttributes", depth: depth) {
        case .dictionary(let entries)?: dictionaries = [Self.attributes(entries)]
        case .array(let elements)?:
            var list: [TextAttributes] = []
            for element in elements {
                guard case .dictionary(let entries) = element else {
                    throw KeyedArchiveError(.malformedObject, "\(instance): NSAttributes holds a non-dictionary")
                }
                list.append(Self.attributes(entries))
            }
            dictionaries = list
        case nil: dictionaries = []
        default: throw KeyedArchiveError(.malformedObject, "\(instance): NSAttributes is neither dictionary nor array")
        }
        guard length > 0 else { return ArchivedAttributedString(string: text, runs: []) }

        guard let info = try member(instance, "NSAttributeInfo", depth: depth) else {
            let attributes = dictionaries.first ?? TextAttributes()
            return ArchivedAttributedString(string: text, runs: [AttributeRun(range: 0..<length, attributes: attributes)])
        }
        guard case .data(let bytes) = info else {
            throw KeyedArchiveError(.malformedObject, "\(instance): NSAttributeInfo is not data")
        }
        let runs = try Self.runs(from: bytes, length: length, dictionaries: dictionaries, context: "\(instance)")
        return ArchivedAttributedString(string: text, runs: runs)
    }

    /// Decodes the varint pairs; the runs must cover exactly `length` units.
    private static func runs(
        from info: Data, length: Int, dictionaries: [TextAttributes], context: String
    ) throws(KeyedArchiveError) -> [AttributeRun] {
        var reader = VarintReader(bytes: [UInt8](info))
        var runs: [AttributeRun] = []
        var position = 0
        while !reader.isAtEnd {
            let runLength = try reader.next(context)
            let index = try reader.next(context)
            guard runLength <= UInt64(length - position) else {
                throw KeyedArchiveError(.badAttributeRuns, "\(context): run at \(position) passes the end (\(length))")
            }
            guard index < UInt64(dictionaries.count) else {
                throw KeyedArchiveError(.badAttributeRuns, "\(context): attribute index \(index) of \(dictionaries.count)")
            }
            guard runLength > 0 else { continue }
            let range = position..<(position + Int(runLength))
            runs.append(AttributeRun(range: range, attributes: dictionaries[Int(index)]))
            position = range.upperBound
        }
        guard position == length else {
            throw KeyedArchiveError(.badAttributeRuns, "\(context): runs cover \(position) of \(length) units")
        }
        return runs
    }

    private static func attributes(_ entries: [ArchivedDictionaryEntry]) -> TextAttributes {
        var result = TextAttributes()
        for entry in entries {
            guard case .string(let name) = entry.key else { continue }
            switch (name, entry.value) {
            case ("NSFont", .font(let font)): result.font = font
            case ("NSColor", .color(let color)): result.color = color
            case ("NSLink", .url(let url)): result.link = url.absoluteString
            case ("NSLink", .string(let url)): result.link = url
            case ("NSAttachment", .attachment(let attachment)): result.attachment = attachment
            default: result.otherNames.append(name)
            }
        }
        result.otherNames.sort()
        return result
    }
}

/// Unsigned LEB128 integers, at most ten bytes each.
private struct VarintReader {
    let bytes: [UInt8]
    private var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func next(_ context: String) throws(KeyedArchiveError) -> UInt64 {
        var value: UInt64 = 0
        for shift in stride(from: UInt64(0), to: 70, by: 7) {
            guard position < bytes.count else {
                throw KeyedArchiveError(.badAttributeRuns, "\(context): NSAttributeInfo ends inside a number")
            }
            let byte = bytes[position]
            position += 1
            guard shift < 63 || byte & 0x7F <= 1 else { break }
            value |= UInt64(byte & 0x7F) << shift
            if byte & 0x80 == 0 { return value }
        }
        throw KeyedArchiveError(.integerOutOfRange, "\(context): NSAttributeInfo number wider than 64 bits")
    }
}
