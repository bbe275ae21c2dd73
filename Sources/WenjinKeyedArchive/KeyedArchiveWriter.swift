import Foundation

/// Writes keyed archives in the layout the WENJIN iOS client's NSKeyedArchiver produces, for
/// the two things draft.db stores: attributed-string bodies and topic-title arrays.
public struct KeyedArchiveWriter: Sendable {
    /// The font text runs carry; nil writes runs without a font attribute.
    public var font: ArchivedFont?

    public init(font: ArchivedFont? = ArchivedFont(name: ".SFUIText", size: 17)) {
        self.font = font
    }

    /// An `NSMutableAttributedString` of the pieces: text runs, and one U+FFFC per attachment
    /// whose `NSTextAttachment` holds an `NSFileWrapper` with the image bytes (if given).
    public func attributedString(_ pieces: [AttributedStringPiece]) -> Data {
        var graph = ArchiveGraphBuilder()
        let root = graph.reserve()
        var text = ""
        var dictionaries: [UInt64] = []
        var runs: [(length: Int, dictionary: Int)] = []
        // All text shares one dictionary, written the first time text appears.
        var textDictionary: Int?
        for piece in pieces {
            let dictionary: Int
            let pieceText: String
            switch piece {
            case .text(let value):
                guard !value.isEmpty else { continue }
                if let shared = textDictionary {
                    dictionary = shared
                } else {
                    dictionaries.append(graph.attributeDictionary(font: font, attachment: nil))
                    dictionary = dictionaries.count - 1
                    textDictionary = dictionary
                }
                pieceText = value
            case .attachment(let attachment):
                dictionaries.append(graph.attributeDictionary(font: font, attachment: attachment))
                dictionary = dictionaries.count - 1
                pieceText = String(ArchivedAttributedString.attachmentScalar)
            }
            text += pieceText
            if let last = runs.last, last.dictionary == dictionary {
                runs[runs.count - 1].length += pieceText.utf16.count
            } else {
                runs.append((pieceText.utf16.count, dictionary))
            }
        }
        var fields: [String: PropertyListValue] = [
            "NSString": graph.instance(["NSMutableString", "NSString", "NSObject"], ["NS.string": .string(text)]),
        ]
        if runs.count == 1 {
            fields["NSAttributes"] = .uid(dictionaries[runs[0].dictionary])
        } else if runs.count > 1 {
            fields["NSAttributes"] = graph.instance(["NSArray", "NSObject"], ["NS.objects": .array(dictionaries.map(PropertyListValue.uid))])
            fields["NSAttributeInfo"] = graph.add(.data(Self.attributeInfo(runs)))
        }
        graph.fill(root, classNames: ["NSMutableAttributedString", "NSAttributedString", "NSObject"], fields: fields)
        return graph.archive(root: root)
    }

    /// An `NSArray` of plain strings (the topic titles of a question draft).
    public func stringArray(_ strings: [String]) -> Data {
        var graph = ArchiveGraphBuilder()
        let root = graph.reserve()
        let elements = strings.map { graph.add(.string($0)) }
        graph.fill(root, classNames: ["NSArray", "NSObject"], fields: ["NS.objects": .array(elements)])
        return graph.archive(root: root)
    }

    /// Varint pairs (run length in UTF-16 units, attribute dictionary index).
    private static func attributeInfo(_ runs: [(length: Int, dictionary: Int)]) -> Data {
        var bytes: [UInt8] = []
        for run in runs {
            for number in [run.length, run.dictionary] {
                var rest = UInt64(number)
                while rest >= 0x80 {
                    bytes.append(UInt8(rest & 0x7F) | 0x80)
                    rest >>= 7
                }
                bytes.append(UInt8(rest))
            }
        }
        return Data(bytes)
    }
}

/// `$objects` under construction: index 0 is `$null`, class descriptions are shared.
private struct ArchiveGraphBuilder {
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
