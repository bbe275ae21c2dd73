/// A file's path inside the output folder, `/`-separated and without a leading `/`
/// (`questions/3521.html`, `search/shard-3f.js`): where a page or a generated file goes. Every internal link is made from two of these, so links stay
/// relative and name files (docs/design.md#links).
public struct SitePath: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let text: String

    public init(_ text: String) {
        self.text = text
    }

    public init(stringLiteral text: String) { self.text = text }

    public static func < (lhs: SitePath, rhs: SitePath) -> Bool { lhs.text < rhs.text }
    public var description: String { text }

    /// How many folders deep the file is: 0 for `index.html`, 1 for `questions/1.html`.
    public var depth: Int { text.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 } }

    /// The prefix that leads from this file's folder back to the output's root (`../`).
    public var rootPrefix: String { String(repeating: "../", count: depth) }

    /// The relative link from this file to `target` (with an optional `#fragment`).
    public func link(to target: SitePath, fragment: String? = nil) -> String {
        rootPrefix + target.text + (fragment.map { "#\($0)" } ?? "")
    }
}
