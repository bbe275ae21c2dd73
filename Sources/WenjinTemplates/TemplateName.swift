/// The name a template is known by in a library and in partial tags: its path below the theme
/// folder without `.mustache`, with `/` between folders (`partials/answer`, `layouts/base`).
public struct TemplateName: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public init(stringLiteral value: String) {
        self.rawValue = value
    }

    public var description: String { rawValue }

    public static func < (lhs: TemplateName, rhs: TemplateName) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
