import Foundation

/// `$objects` under construction: index 0 is `$null`, class descriptions are shared.
struct ArchiveGraphBuilder {
    private var objects: [PropertyListValue] = [.string("$null")]
    private var classes: [[String]: UInt64] = [:]

    /// Appends a plain value and returns a reference to it.
    mutating func add(_ value: PropertyListValue) -> PropertyListValue {
        objects.append(value)
        return .uid(UInt64(objects.count - 1))
    }

    /// A slot for an object whose members refer to objects added after it (the root comes first).
    mutating func reserve() -> UInt64 {
        objects.append(.null)
        return UInt64(objects.count - 1)
    }

    mutating func fill(_ slot: UInt64, classNames: [String], fields: [String: PropertyListValue]) {
        var members = fields
        members["$class"] = .uid(classReference(classNames))
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
            values.append(instance(["UIFont", "NSObject"], [
                "NSName": add(.string(font.name)), "NSSize": .real(font.size), "NSfontDescriptorOptions": .integer(0),
            ]))
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

    private mutating func classReference(_ names: [String]) -> UInt64 {
        if let known = classes[names] { return known }
        let slot = add(.dictionary(["$classname": .string(names[0]), "$classes": .array(names.map(PropertyListValue.string))]))
        classes[names] = slot.uidValue!
        return slot.uidValue!
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
