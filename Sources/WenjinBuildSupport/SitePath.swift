/// A file's path inside the output folder, `/`-separated and without a leading `/`
/// (`questions/3521.html`, `search/shard-3f.js`): where a page or a generated file goes. Every internal link is made from two of these, so links stay
/// relative and name files (docs/design.md#links).
package struct SitePath: Hashable, Comparable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    package let text: String

    package init(_ text: String) {
        self.text = text
    }

    package init(stringLiteral text: String) { self.text = text }

    package static func < (lhs: SitePath, rhs: SitePath) -> Bool { lhs.text < rhs.text }
    package var description: String { text }

    /// How many folders deep the file is: 0 for `index.html`, 1 for `questions/1.html`.
    package var depth: Int { text.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 } }

    /// The prefix that leads from this file's folder back to the output's root (`../`).
    package var rootPrefix: String { String(repeating: "../", count: depth) }

    /// The relative link from this file to `target` (with an optional `#fragment`).
    package func link(to target: SitePath, fragment: String? = nil) -> String {
        rootPrefix + target.text + (fragment.map { "#\($0)" } ?? "")
    }
}
