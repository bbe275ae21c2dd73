// WenjinKeyedArchive owns the binary property list format (bplist00) and the NSKeyedArchiver
// object graphs the WENJIN iOS client stores in draft.db: reading them without Foundation's
// readers (which crash on such blobs on Linux) and writing them in the iOS layout.
// It knows nothing of SQLite, drafts or HTML; hostile bytes must end in a `KeyedArchiveError`.

import Foundation

/// An NSKeyedArchiver archive read from a binary property list: its `$objects` table and
/// the root object `$top.root` points to.
///
/// Decoding walks the object graph by UID with a depth limit, cycle detection and a budget
/// of visited objects, so a hostile archive cannot make it loop or expand without bound.
package struct KeyedArchive: Sendable {
    package let objects: [PropertyListValue]
    package let rootIndex: Int

    /// Reads `data` as a binary property list holding a keyed archive.
    package init(data: Data, limits: BinaryPropertyListReader.Limits = .init()) throws(KeyedArchiveError) {
        try self.init(propertyList: BinaryPropertyListReader(limits: limits).read(data))
    }

    package init(propertyList: PropertyListValue) throws(KeyedArchiveError) {
        guard let archive = propertyList.dictionaryValue,
              archive["$archiver"]?.stringValue == "NSKeyedArchiver",
              let objects = archive["$objects"]?.arrayValue,
              let top = archive["$top"]?.dictionaryValue
        else {
            throw KeyedArchiveError(.notKeyedArchive, "missing $archiver, $objects or $top")
        }
        // Archives made by archivedData(withRootObject:) name their root "root"; a custom key
        // is accepted only when it is the only one, so the choice never depends on hash order.
        let rootEntry = top["root"] ?? (top.count == 1 ? top.values.first : nil)
        guard let root = rootEntry?.uidValue, root < UInt64(objects.count) else {
            throw KeyedArchiveError(.notKeyedArchive, "$top.root is not a reference into $objects")
        }
        self.objects = objects
        self.rootIndex = Int(root)
    }

    /// The root object decoded by class.
    package func decodeRoot() throws(KeyedArchiveError) -> ArchivedObject {
        var decoder = ArchiveGraphDecoder(archive: self)
        return try decoder.decode(.uid(UInt64(rootIndex)), depth: 0)
    }

    /// The root as an attributed string (as draft.db's `detail` and `content` hold).
    /// A plain string root is accepted as an attributed string without attributes.
    package func attributedString() throws(KeyedArchiveError) -> ArchivedAttributedString {
        switch try decodeRoot() {
        case .attributedString(let value): return value
        case .string(let text):
            let runs = text.isEmpty ? [] : [AttributeRun(range: 0..<text.utf16.count, attributes: TextAttributes())]
            return ArchivedAttributedString(string: text, runs: runs)
        default: throw KeyedArchiveError(.unexpectedClass(className(of: rootIndex) ?? "plain value"), "root")
        }
    }

    /// The root as an array of strings (as draft.db's `topic` holds).
    package func strings() throws(KeyedArchiveError) -> [String] {
        guard case .array(let elements) = try decodeRoot() else {
            throw KeyedArchiveError(.unexpectedClass(className(of: rootIndex) ?? "plain value"), "root")
        }
        var result: [String] = []
        for (position, element) in elements.enumerated() {
            guard case .string(let text) = element else {
                throw KeyedArchiveError(.malformedObject, "root element \(position) is not a string")
            }
            result.append(text)
        }
        return result
    }

    /// The most specific class name of the object at `index`, if it is a class instance.
    package func className(of index: Int) -> String? {
        classNames(of: index).first
    }

    /// `$classname` followed by the rest of `$classes` (most specific first).
    func classNames(of index: Int) -> [String] {
        guard objects.indices.contains(index),
              let classRef = objects[index].dictionaryValue?["$class"]?.uidValue,
              classRef < UInt64(objects.count),
              let description = objects[Int(classRef)].dictionaryValue
        else { return [] }
        var names: [String] = []
        if let name = description["$classname"]?.stringValue { names.append(name) }
        for name in description["$classes"]?.arrayValue ?? [] {
            if let name = name.stringValue, !names.contains(name) { names.append(name) }
        }
        return names
    }
}
