/// HTML that went through `Sanitizer`: the only HTML templates may print unescaped.
/// Only this module can create one.
package struct SanitizedHTML: Hashable, Sendable, CustomStringConvertible {
    package private(set) var html: String

    init(html: String) {
        self.html = html
    }

    /// The empty body.
    package static let empty = SanitizedHTML(html: "")

    package var description: String { html }
}
