import Foundation

/// `$objects` under construction: index 0 is `$null`. Class descriptions, equal plain values
/// and equal fonts are stored once, as NSKeyedArchiver stores an object it meets again.
struct ArchiveGraphBuilder {
    private var objects: [PropertyListValue] = [.string("$null")]
    private var plainValues: [PropertyListValue: PropertyListValue] = [:]
    private var fonts: [ArchivedFont: PropertyListValue] = [:]

    /// Adds a plain value (string, data) and returns a reference to it.
    mutating func add(_ value: PropertyListValue) -> PropertyListValue {
        if let known = plainValues[value] { return known }
        objects.append(value)
        let reference = PropertyListValue.uid(UInt64(objects.count - 1))
        plainValues[value] = reference
        return reference
    }

    /// A slot for an object whose members refer to objects added after it (the root comes first).
    mutating func reserve() -> UInt64 {
        objects.append(.null)
        return UInt64(objects.count - 1)
    }

    mutating func fill(_ slot: UInt64, classNames: [String], fields: [String: PropertyListValue]) {
        var members = fields
        members["$class"] = classReference(classNames)
        objects[Int(slot)] = .dictionary(members)
    }

    mutating func instance(_ classNames: [String], _ fields: [String: PropertyListValue]) -> PropertyListValue {
        let slot = reserve()
        fill(slot, classNames: classNames, fields: fields)
        return .uid(slot)
    }

    mutating func attributeDictionary(font: ArchivedFont?, attachment: ArchivedAttachment?) -> UInt64 {
        var keys: [PropertyListValue] = []
        var values: [PropertyListValue] = []
        if let font {
            keys.append(add(.string("NSFont")))
            values.append(fontObject(font))
        }
        if let attachment {
            var wrapper: [String: PropertyListValue] = [:]
            if let image = attachment.imageData { wrapper["NSFileWrapperContents"] = add(.data(image)) }
            if let name = attachment.fileName { wrapper["NSFileWrapperPreferredFilename"] = add(.string(name)) }
            var members: [String: PropertyListValue] = [:]
            if !wrapper.isEmpty { members["NSFileWrapper"] = instance(["NSFileWrapper", "NSObject"], wrapper) }
            keys.append(add(.string("NSAttachment")))
            values.append(instance(["NSTextAttachment", "NSObject"], members))
        }
        let slot = reserve()
        fill(slot, classNames: ["NSDictionary", "NSObject"], fields: ["NS.keys": .array(keys), "NS.objects": .array(values)])
        return slot
    }

    private mutating func fontObject(_ font: ArchivedFont) -> PropertyListValue {
        if let known = fonts[font] { return known }
        let reference = instance(["UIFont", "NSObject"], [
            "NSName": add(.string(font.name)), "NSSize": .real(font.size), "NSfontDescriptorOptions": .integer(0),
        ])
        fonts[font] = reference
        return reference
    }

    /// The class description (most specific name first), shared by `add` like any equal value.
    private mutating func classReference(_ names: [String]) -> PropertyListValue {
        add(.dictionary(["$classname": .string(names[0]), "$classes": .array(names.map(PropertyListValue.string))]))
    }

    func archive(root: UInt64) -> Data {
        BinaryPropertyListWriter().write(.dictionary([
            "$archiver": .string("NSKeyedArchiver"),
            "$version": .integer(100_000),
            "$top": .dictionary(["root": .uid(root)]),
            "$objects": .array(objects),
        ]))
    }
}
