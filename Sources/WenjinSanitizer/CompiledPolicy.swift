import CLibXML2

/// A `SanitizePolicy` in the shape the walk reads fast: element names looked up straight from
/// libxml2's bytes (no String per node), small integer ids for the kept elements, and the
/// nesting table of libxml2's parser over those ids.
struct CompiledPolicy: Sendable {
    enum Role: Sendable {
        case link, image, span, lineBreak, preformatted, list, other
    }

    enum Entry: Sendable {
        case keep(id: Int)
        case dropWithContent(name: String)
    }

    let policy: SanitizePolicy
    /// Output names of the kept elements, by id.
    let names: [String]
    let roles: [Role]
    let isVoid: [Bool]
    /// Global and per-element attributes allowed on each kept element, by id.
    let allowedAttributes: [Set<String>]
    private let entries: [NameKey: Entry]
    /// `closes[outer * count + inner]`: libxml2's parser closes an open `outer` when `inner`
    /// starts directly inside it (`<p>` in `<b>`, `<div>` in `<p>`, `<td>` in `<u>`). Such a
    /// pair reaches the output only from odd input, and the output would then read back
    /// differently: the walk then asks for another pass.
    private let closes: [Bool]

    /// Elements that a second one of the same name closes (libxml2's `htmlAutoCloseTag`,
    /// which fills the table, answers no for equal names).
    private static let closedBySameName: Set<String> = [
        "p", "li", "a", "dt", "dd", "td", "th", "tr", "tbody", "thead", "tfoot", "col", "colgroup", "caption",
    ]

    static let standard = CompiledPolicy(.standard)

    static func compiled(_ policy: SanitizePolicy) -> CompiledPolicy {
        policy == .standard ? standard : CompiledPolicy(policy)
    }

    private init(_ policy: SanitizePolicy) {
        precondition(HTMLFragment.parserReady)
        self.policy = policy
        var names: [String] = []
        var ids: [String: Int] = [:]
        func id(of name: String) -> Int {
            if let id = ids[name] { return id }
            names.append(name)
            ids[name] = names.count - 1
            return names.count - 1
        }
        var entries: [NameKey: Entry] = [:]
        for (name, rule) in policy.elements.sorted(by: { $0.key < $1.key }) {
            guard let key = NameKey(name) else { continue }
            switch rule {
            case .keep: entries[key] = .keep(id: id(of: name))
            case .rename(let target): entries[key] = .keep(id: id(of: target))
            case .dropWithContent: entries[key] = .dropWithContent(name: name)
            }
        }
        _ = id(of: "a")  // images the archive lacks become links
        _ = id(of: "u")  // WeCenter's underline spans
        self.names = names
        self.entries = entries
        roles = names.map { name in
            switch name {
            case "a": .link
            case "img": .image
            case "span": .span
            case "br": .lineBreak
            case "pre": .preformatted
            case "ul", "ol": .list
            default: .other
            }
        }
        isVoid = names.map { HTMLWriter.voidElements.contains($0) }
        allowedAttributes = names.map { policy.globalAttributes.union(policy.attributes[$0] ?? []) }
        var closes = [Bool](repeating: false, count: names.count * names.count)
        for (inner, innerName) in names.enumerated() {
            guard let node = xmlNewNode(nil, innerName) else { continue }
            defer { xmlFreeNode(node) }
            for (outer, outerName) in names.enumerated() {
                // htmlAutoCloseTag(doc, name, elem): does opening `elem` close an open `name`?
                closes[outer * names.count + inner] =
                    outer == inner ? Self.closedBySameName.contains(innerName) : htmlAutoCloseTag(nil, outerName, node) == 1
            }
        }
        self.closes = closes
    }

    /// The rule for an element named by libxml2's (lower-case) bytes; nil for unknown elements.
    func entry(for name: UnsafePointer<UInt8>) -> Entry? {
        NameKey(cString: name).flatMap { entries[$0] }
    }

    func parserCloses(_ outer: Int, whenOpening inner: Int) -> Bool {
        closes[outer * names.count + inner]
    }

    func id(of name: String) -> Int? {
        names.firstIndex(of: name)
    }
}

/// An element name of up to 16 bytes packed into two words, read without allocating.
struct NameKey: Hashable, Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init?(cString: UnsafePointer<UInt8>) {
        var index = 0
        while cString[index] != 0 {
            guard index < 16 else { return nil }
            let byte = UInt64(cString[index])
            if index < 8 { low |= byte << (8 * UInt64(index)) } else { high |= byte << (8 * UInt64(index - 8)) }
            index += 1
        }
    }

    static let href = NameKey("href")!
    static let src = NameKey("src")!
    static let alt = NameKey("alt")!
    static let style = NameKey("style")!

    init?(_ name: String) {
        let bytes = Array(name.utf8) + [0]
        guard let key = bytes.withUnsafeBufferPointer({ NameKey(cString: $0.baseAddress!) }) else { return nil }
        self = key
    }
}
