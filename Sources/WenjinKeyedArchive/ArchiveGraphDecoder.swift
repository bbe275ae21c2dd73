import Foundation

/// Walks a keyed archive's object graph from one reference, decoding each instance by the
/// first class of its hierarchy this module knows.
///
/// Each object is decoded once and shared; limits: `maxDepth` nested references, `maxVisits`
/// objects in all (a shared object is charged its whole size each time it is reached, so
/// the result's logical size is bounded), and an object that refers back to itself is a cycle.
struct ArchiveGraphDecoder {
    static let maxDepth = 128
    static let maxVisits = 1 << 18

    let archive: KeyedArchive
    private var inProgress: Set<Int> = []
    private var visitsLeft = ArchiveGraphDecoder.maxVisits
    /// Each decoded object, how many objects it stands for, and how deep its contents go.
    private var decoded: [Int: (object: ArchivedObject, size: Int, height: Int)] = [:]
    private var deepest = 0
    /// Images found in data objects, so attachments sharing a blob search it once.
    var imageSearches: [Int: Data?] = [:]

    init(archive: KeyedArchive) {
        self.archive = archive
    }

    /// Decodes a member value: a reference is followed, a plain value converted.
    mutating func decode(_ value: PropertyListValue, depth: Int) throws(KeyedArchiveError) -> ArchivedObject {
        switch value {
        case .uid(let ref): return try decodeObject(ref, depth: depth)
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .unsignedInteger(let number): return .real(Double(number))
        case .real(let number): return .real(number)
        case .date(let date): return .date(date)
        case .data(let bytes): return .data(bytes)
        case .string(let text): return .string(text)
        case .array(let elements), .set(let elements):
            return .array(try decodeAll(elements, depth: depth + 1))
        case .dictionary(let entries):
            var result: [ArchivedDictionaryEntry] = []
            for key in entries.keys.sorted() {
                result.append(ArchivedDictionaryEntry(key: .string(key), value: try decode(entries[key]!, depth: depth + 1)))
            }
            return .dictionary(result)
        }
    }

    mutating func decodeAll(_ values: [PropertyListValue], depth: Int) throws(KeyedArchiveError) -> [ArchivedObject] {
        var result: [ArchivedObject] = []
        result.reserveCapacity(values.count)
        for value in values { result.append(try decode(value, depth: depth)) }
        return result
    }

    /// The raw object at a reference, checked.
    func object(at ref: UInt64) throws(KeyedArchiveError) -> (index: Int, value: PropertyListValue) {
        guard ref < UInt64(archive.objects.count) else {
            throw KeyedArchiveError(.outOfBounds, "reference \(ref) of \(archive.objects.count) objects")
        }
        return (Int(ref), archive.objects[Int(ref)])
    }

    private mutating func decodeObject(_ ref: UInt64, depth: Int) throws(KeyedArchiveError) -> ArchivedObject {
        let (index, value) = try object(at: ref)
        guard depth <= Self.maxDepth else { throw KeyedArchiveError(.tooDeep, "object \(index)") }
        if let known = decoded[index] {
            guard known.size <= visitsLeft else { throw KeyedArchiveError(.tooManyObjects, "object \(index)") }
            guard depth + known.height <= Self.maxDepth else { throw KeyedArchiveError(.tooDeep, "object \(index)") }
            visitsLeft -= known.size
            deepest = max(deepest, depth + known.height)
            return known.object
        }
        guard visitsLeft > 0 else { throw KeyedArchiveError(.tooManyObjects, "object \(index)") }
        let before = visitsLeft
        let outerDeepest = deepest
        visitsLeft -= 1
        deepest = depth
        let object = try decodeContents(index, value, depth: depth)
        decoded[index] = (object, before - visitsLeft, deepest - depth)
        deepest = max(outerDeepest, deepest)
        return object
    }

    private mutating func decodeContents(
        _ index: Int, _ value: PropertyListValue, depth: Int
    ) throws(KeyedArchiveError) -> ArchivedObject {
        guard let fields = value.dictionaryValue, fields["$class"] != nil else {
            switch value {
            case .string("$null"): return .null
            case .uid: throw KeyedArchiveError(.malformedObject, "object \(index) is a bare reference")
            default: return try decode(value, depth: depth + 1)
            }
        }
        guard inProgress.insert(index).inserted else { throw KeyedArchiveError(.cycle, "object \(index)") }
        defer { inProgress.remove(index) }
        let classes = archive.classNames(of: index)
        guard let className = classes.first else {
            throw KeyedArchiveError(.malformedObject, "object \(index): $class is not a class description")
        }
        let instance = ArchivedInstance(index: index, className: className, fields: fields)
        for name in classes {
            if let decoded = try decodeInstance(instance, as: name, depth: depth + 1) { return decoded }
        }
        return .unknown(className: className)
    }

    /// Decodes `instance` as the class `name`, or nil when this module does not know `name`.
    private mutating func decodeInstance(
        _ instance: ArchivedInstance, as name: String, depth: Int
    ) throws(KeyedArchiveError) -> ArchivedObject? {
        switch name {
        case "NSAttributedString":
            return .attributedString(try decodeAttributedString(instance, depth: depth))
        case "NSString":
            if let bytes = try member(instance, "NS.bytes", depth: depth), case .data(let data) = bytes {
                return .string(String(decoding: data, as: UTF8.self))
            }
            return .string(try requiredString(instance, "NS.string", depth: depth))
        case "NSArray", "NSSet", "NSOrderedSet":
            return .array(try decodeAll(try references(instance, "NS.objects"), depth: depth))
        case "NSDictionary":
            let keys = try references(instance, "NS.keys")
            let values = try references(instance, "NS.objects")
            guard keys.count == values.count else {
                throw KeyedArchiveError(.malformedObject, "\(instance): \(keys.count) keys, \(values.count) values")
            }
            var entries: [ArchivedDictionaryEntry] = []
            for (key, value) in zip(keys, values) {
                entries.append(ArchivedDictionaryEntry(key: try decode(key, depth: depth), value: try decode(value, depth: depth)))
            }
            return .dictionary(entries)
        case "NSData":
            var bytesMember = try member(instance, "NS.data", depth: depth)
            if bytesMember == nil { bytesMember = try member(instance, "NS.bytes", depth: depth) }
            guard case .data(let bytes)? = bytesMember else {
                throw KeyedArchiveError(.malformedObject, "\(instance): no NS.data")
            }
            return .data(bytes)
        case "NSDate":
            guard let seconds = instance.fields["NS.time"]?.doubleValue else {
                throw KeyedArchiveError(.malformedObject, "\(instance): no NS.time")
            }
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case "NSURL":
            return .url(try decodeURL(instance, depth: depth))
        case "UIFont", "NSFont":
            return try decodeFont(instance, depth: depth).map(ArchivedObject.font)
        case "UIColor", "NSColor":
            return try decodeColor(instance, depth: depth).map(ArchivedObject.color)
        case "NSTextAttachment":
            var scan = AttachmentScan(archive: archive, imageSearches: imageSearches)
            let attachment = try scan.attachment(in: instance.fields)
            imageSearches = scan.imageSearches
            return .attachment(attachment)
        default:
            return nil
        }
    }

    /// A member decoded, or nil when absent or `$null`.
    mutating func member(_ instance: ArchivedInstance, _ key: String, depth: Int) throws(KeyedArchiveError) -> ArchivedObject? {
        guard let raw = instance.fields[key] else { return nil }
        let decoded = try decode(raw, depth: depth)
        return decoded == .null ? nil : decoded
    }

    mutating func requiredString(_ instance: ArchivedInstance, _ key: String, depth: Int) throws(KeyedArchiveError) -> String {
        guard case .string(let text)? = try member(instance, key, depth: depth) else {
            throw KeyedArchiveError(.malformedObject, "\(instance): \(key) is not a string")
        }
        return text
    }

    /// An inline array member (`NS.objects`, `NS.keys`); absent means empty.
    private func references(_ instance: ArchivedInstance, _ key: String) throws(KeyedArchiveError) -> [PropertyListValue] {
        guard let raw = instance.fields[key] else { return [] }
        guard let elements = raw.arrayValue else {
            throw KeyedArchiveError(.malformedObject, "\(instance): \(key) is not an array")
        }
        return elements
    }

    private mutating func decodeURL(_ instance: ArchivedInstance, depth: Int) throws(KeyedArchiveError) -> ArchivedURL {
        let relative = try requiredString(instance, "NS.relative", depth: depth)
        switch try member(instance, "NS.base", depth: depth) {
        case .url(let base)?: return ArchivedURL(relative: relative, base: base.absoluteString)
        case .string(let base)?: return ArchivedURL(relative: relative, base: base)
        default: return ArchivedURL(relative: relative)
        }
    }
}

/// One class instance of `$objects`: a dictionary of members with a `$class`.
struct ArchivedInstance: CustomStringConvertible {
    let index: Int
    let className: String
    let fields: [String: PropertyListValue]

    var description: String { "\(className) object \(index)" }
}
