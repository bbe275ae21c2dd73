import Foundation

/// Writes keyed archives in the layout the WENJIN iOS client's NSKeyedArchiver produces, for
/// the two things draft.db stores: attributed-string bodies and topic-title arrays.
package struct KeyedArchiveWriter: Sendable {
    /// The font text runs carry; nil writes runs without a font attribute.
    package var font: ArchivedFont?

    package init(font: ArchivedFont? = ArchivedFont(name: ".SFUIText", size: 17)) {
        self.font = font
    }

    /// An `NSMutableAttributedString` of the pieces: text runs, and one U+FFFC per attachment
    /// whose `NSTextAttachment` holds an `NSFileWrapper` with the image bytes (if given).
    package func attributedString(_ pieces: [AttributedStringPiece]) -> Data {
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
    package func stringArray(_ strings: [String]) -> Data {
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
