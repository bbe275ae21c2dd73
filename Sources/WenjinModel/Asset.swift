/// The address of an image as the community's HTML names it (`http://wenjin.in/uploads/…`).
///
/// Kept as the exact string, not a parsed `URL`, because it is the key a page's `<img src>` is
/// looked up by and parsing may normalize it.
package struct AssetURL: RawRepresentable, Hashable, Comparable, Codable, Sendable,
    CustomStringConvertible, ExpressibleByStringLiteral {
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }
    package init(_ rawValue: String) { self.rawValue = rawValue }
    package init(stringLiteral value: String) { self.rawValue = value }
    package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    package var description: String { rawValue }
}

/// A downloaded (or undownloadable) image referenced by the community's pages.
package struct Asset: Sendable, Hashable, Codable {
    package enum State: String, Sendable, Hashable, Codable, CaseIterable {
        /// The bytes are in the asset folder under their SHA-256.
        case stored
        /// The server answered that the file does not exist (404/410); retrying will not help.
        case missing
        /// Fetching failed for another reason; `error` says which.
        case failed
    }

    package var url: AssetURL
    /// Lowercase hex SHA-256 of the bytes; the file's name in the asset folder.
    package var sha256: String?
    package var contentType: String?
    /// Size in bytes.
    package var size: Int?
    package var state: State
    package var error: String?

    package init(url: AssetURL, sha256: String? = nil, contentType: String? = nil, size: Int? = nil,
                state: State, error: String? = nil) {
        self.url = url
        self.sha256 = sha256
        self.contentType = contentType
        self.size = size
        self.state = state
        self.error = error
    }
}
