/// The name a template is known by in a library and in partial tags: its path below the theme
/// folder without `.mustache`, with `/` between folders (`partials/answer`, `layouts/base`).
package struct TemplateName: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    package let rawValue: String

    package init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    package init(stringLiteral value: String) {
        self.rawValue = value
    }

    package var description: String { rawValue }

    package static func < (lhs: TemplateName, rhs: TemplateName) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
