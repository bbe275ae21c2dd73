import WenjinSite

/// Why `wenjin export zim` wrote no file; `file` is what it was reading or writing.
public struct ZimError: Error, Sendable {
    public enum Reason: Sendable {
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

    public let file: String
    public let reason: Reason

    public init(file: String, reason: Reason) {
        self.file = file
        self.reason = reason
    }
}
