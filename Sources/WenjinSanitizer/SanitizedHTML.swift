/// HTML that went through `Sanitizer`: the only HTML templates may print unescaped.
/// Only this module can create one.
public struct SanitizedHTML: Hashable, Sendable, CustomStringConvertible {
    public private(set) var html: String

    init(html: String) {
        self.html = html
    }

    /// The empty body.
    public static let empty = SanitizedHTML(html: "")

    public var description: String { html }
}
