import WenjinSite

/// Why `wenjin export zim` wrote no file; `file` is what it was reading or writing.
package struct ZimError: Error, Sendable {
    package enum Reason: Sendable {
        /// libzim refused (its message); the partial file is removed.
        case libzim(String)
        /// The theme's icon is missing or not a 48×48 PNG (what is wrong with it).
        case illustration(String)
        /// A metadata value openZIM does not accept (which and why).
        case metadata(String)
        /// The site lets out what must not be published: the ZIM would too.
        case privacy([PrivacyFinding])
        /// The finished file could not be put in its place (errno's text).
        case cannotPlace(String)
    }

    package let file: String
    package let reason: Reason

    package init(file: String, reason: Reason) {
        self.file = file
        self.reason = reason
    }
}
