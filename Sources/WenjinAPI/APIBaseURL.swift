import Foundation

/// Where a WENJIN community lives: scheme, host, optional port and sub-path, always ending in
/// `/` so that `?/api/…` and `api/….php` can be appended (`http://wenjin.in/`,
/// `http://127.0.0.1:8088/wenjin/`).
package struct APIBaseURL: Sendable, Hashable, CustomStringConvertible {
    /// The normalized text, ending in `/`.
    package let text: String

    /// Accepts `http(s)://host[:port][/path][/]`; nil for anything else (a query or fragment
    /// included, another scheme, no host, a `user:password@`, which every link to the original
    /// would publish).
    package init?(_ string: String) {
        var trimmed = String(string.trimmingASCIIWhitespace())
        guard let components = URLComponents(string: trimmed),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = components.host, !host.isEmpty,
              components.query == nil, components.fragment == nil,
              components.user == nil, components.password == nil
        else { return nil }
        if trimmed.hasSuffix("/index.php") { trimmed.removeLast("index.php".count) }
        if !trimmed.hasSuffix("/") { trimmed += "/" }
        text = trimmed
    }

    package var description: String { text }

    /// The absolute URL of a site-relative path such as `uploads/avatar/000/00/00/02_avatar_max.jpg`.
    package func resolving(_ relativePath: String) -> URL? {
        let path = relativePath.hasPrefix("/") ? String(relativePath.dropFirst()) : relativePath
        return URL(string: text + path)
    }
}
