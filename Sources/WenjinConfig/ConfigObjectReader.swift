import Foundation
import WenjinJSON

/// Reads the members of one JSON object of site.json by key, with the checks every setting
/// needs (type, range), and afterwards reports keys nobody asked for. The known keys are the
/// ones asked for, so the decoder is the only list of keys there is.
package struct ConfigObjectReader {
    let file: String
    /// Dotted path of this object (`crawl`), empty at the top.
    let path: String
    /// The file's text, for the line and column of an error (worked out only then).
    private let source: JSONSource
    private let members: [JSONMember]
    private var asked: [String] = []

    /// The reader of a whole file's top-level object; a syntax error names its line and column.
    package init(parsing text: String, file: String) throws(SiteConfigError) {
        let source = JSONSource(text)
        let document: JSONNode
        do {
            document = try source.parse()
        } catch {
            let position = source.position(at: error.offset)
            throw SiteConfigError(file: file, line: position.line, column: position.column, reason: .syntax(error.message))
        }
        try self.init(document, path: "", file: file, source: source)
    }

    private init(_ node: JSONNode, path: String, file: String, source: JSONSource) throws(SiteConfigError) {
        self.file = file
        self.path = path
        self.source = source
        guard case .object(let members) = node.value else {
            let position = source.position(at: node.offset)
            throw SiteConfigError(file: file, line: position.line, column: position.column,
                                  keyPath: path.isEmpty ? nil : path,
                                  reason: .wrongType(expected: "an object", found: node.kindDescription))
        }
        self.members = members
        var seen = Set<String>()
        for member in members where !seen.insert(member.key).inserted {
            throw failure(at: member.keyOffset, keyPath: Self.join(path, member.key), .duplicateKey)
        }
    }

    /// Where `node` was written in the file.
    package func position(of node: JSONNode) -> TextPosition { source.position(at: node.offset) }

    private func failure(at offset: Int, keyPath: String, _ reason: SiteConfigError.Reason) -> SiteConfigError {
        let position = source.position(at: offset)
        return SiteConfigError(file: file, line: position.line, column: position.column, keyPath: keyPath, reason: reason)
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The value of `key`, or nil when it is absent or null (both mean "use the default").
    package mutating func node(_ key: String) -> JSONNode? {
        if !asked.contains(key) { asked.append(key) }
        return member(key)
    }

    /// Like `node` but without counting the key as known, for a second look at a value.
    private func member(_ key: String) -> JSONNode? {
        guard let node = members.first(where: { $0.key == key })?.value else { return nil }
        if case .null = node.value { return nil }
        return node
    }

    package func failure(_ key: String, at node: JSONNode, _ reason: SiteConfigError.Reason) -> SiteConfigError {
        failure(at: node.offset, keyPath: Self.join(path, key), reason)
    }

    mutating func object(_ key: String) throws(SiteConfigError) -> ConfigObjectReader? {
        guard let node = node(key) else { return nil }
        return try ConfigObjectReader(node, path: Self.join(path, key), file: file, source: source)
    }

    mutating func string(_ key: String, allowEmpty: Bool = false) throws(SiteConfigError) -> String? {
        guard let node = node(key) else { return nil }
        guard case .string(let text) = node.value else {
            throw failure(key, at: node, .wrongType(expected: "a string", found: node.kindDescription))
        }
        if !allowEmpty, text.trimmingCharacters(in: .whitespaces).isEmpty {
            throw failure(key, at: node, .invalidValue(value: "empty", expected: "a non-empty string"))
        }
        return text
    }

    mutating func bool(_ key: String) throws(SiteConfigError) -> Bool? {
        guard let node = node(key) else { return nil }
        guard case .bool(let value) = node.value else {
            throw failure(key, at: node, .wrongType(expected: "true or false", found: node.kindDescription))
        }
        return value
    }

    mutating func number(_ key: String, in range: ClosedRange<Double>, allowed: String) throws(SiteConfigError)
        -> Double? {
        guard let node = node(key) else { return nil }
        guard let value = node.value.number else {
            throw failure(key, at: node, .wrongType(expected: "a number", found: node.kindDescription))
        }
        guard range.contains(value) else {
            throw failure(key, at: node, .outOfRange(value: Self.format(value), allowed: allowed))
        }
        return value
    }

    mutating func integer(_ key: String, in range: ClosedRange<Int>, allowed: String) throws(SiteConfigError)
        -> Int? {
        guard let node = node(key) else { return nil }
        guard case .integer(let integer) = node.value else {
            let found = node.value.number.map(Self.format) ?? node.kindDescription
            throw failure(key, at: node, .wrongType(expected: "a whole number", found: found))
        }
        guard range.contains(integer) else {
            throw failure(key, at: node, .outOfRange(value: String(integer), allowed: allowed))
        }
        return integer
    }

    mutating func strings(_ key: String) throws(SiteConfigError) -> [String]? {
        guard let node = node(key) else { return nil }
        guard case .array(let elements) = node.value else {
            throw failure(key, at: node, .wrongType(expected: "an array of strings", found: node.kindDescription))
        }
        var result: [String] = []
        for element in elements {
            guard case .string(let text) = element.value else {
                throw failure(key, at: element,
                              .wrongType(expected: "an array of strings", found: "\(element.kindDescription) in it"))
            }
            result.append(text)
        }
        return result
    }

    /// An absolute http(s) URL; `directory` adds a missing trailing slash so relative
    /// references resolve under it.
    mutating func webURL(_ key: String, directory: Bool = false) throws(SiteConfigError) -> URL? {
        guard let text = try string(key), let node = member(key) else { return nil }
        let normalized = directory && !text.hasSuffix("/") ? text + "/" : text
        guard let url = URL(string: normalized), let scheme = url.scheme?.lowercased(),
              scheme == "http" || scheme == "https", url.host != nil else {
            throw failure(key, at: node, .invalidValue(value: "\"\(text)\"", expected: "an absolute http or https URL"))
        }
        // The password would be published in every link to the original: refused, and not echoed.
        guard url.user == nil, url.password == nil else {
            throw failure(key, at: node, .invalidValue(
                value: "\"\(Self.withoutUserInfo(url))\" with a user:password@ part",
                expected: "a URL without user:password@ (the login comes from the variables named in source.login)"))
        }
        return url
    }

    /// Host names (`wenjin.in`), lower-cased: no scheme, path, port or spaces.
    mutating func hostNames(_ key: String) throws(SiteConfigError) -> [String]? {
        guard let names = try strings(key), let node = member(key) else { return nil }
        for name in names where name.isEmpty || name.contains(where: { "/:@ ?#".contains($0) || $0.isWhitespace }) {
            throw failure(key, at: node, .invalidValue(value: "\"\(name)\"", expected: "host names such as \"wenjin.in\""))
        }
        return names.map { $0.lowercased() }
    }

    /// `url` with its user name and password left out, for messages.
    static func withoutUserInfo(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return "" }
        components.user = nil
        components.password = nil
        return components.string ?? ""
    }

    /// One of the raw values of `Choice`.
    mutating func choice<Choice: RawRepresentable & CaseIterable>(_ key: String, as: Choice.Type)
        throws(SiteConfigError) -> Choice? where Choice.RawValue == String {
        guard let text = try string(key), let node = member(key) else { return nil }
        guard let value = Choice(rawValue: text) else {
            let names = Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: " or ")
            throw failure(key, at: node, .invalidValue(value: "\"\(text)\"", expected: names))
        }
        return value
    }

    /// Fails on the first key (in file order) that was never asked for.
    package func rejectUnknownKeys() throws(SiteConfigError) {
        guard let unknown = members.first(where: { !asked.contains($0.key) }) else { return }
        let suggestion = SpellingSuggestion.closest(to: unknown.key, among: asked)
        throw failure(at: unknown.keyOffset, keyPath: Self.join(path, unknown.key),
                      .unknownKey(suggestion: suggestion, known: asked))
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
