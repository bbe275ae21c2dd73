/// Markup that templates may write unescaped (`{{{x}}}`, `{{&x}}`) in strict mode.
///
/// This module cannot check markup, so creating one is a promise by the caller: the site makes
/// them only from the sanitizer's output and from templates it rendered itself.
package struct TrustedHTML: Sendable, Hashable {
    /// The markup, written as is.
    package let markup: String

    /// Wraps markup the caller vouches for (sanitized or produced by a template).
    package init(trusted markup: String) {
        self.markup = markup
    }
}
