import Foundation

/// The scheme, host and port of a URL: the boundary of what the source controls. Login cookies
/// go only to the origin that logged in, and redirects are followed only within the origin that
/// was asked, so `http://127.0.0.1:8080`, `http://localhost:8080`, `http://127.0.0.1:8081` and
/// `https://127.0.0.1:8080` are four different origins.
package struct Origin: Sendable, Hashable, CustomStringConvertible {
    package let scheme: String
    package let host: String
    package let port: Int

    /// Nil for a URL without an http(s) scheme or a host.
    package init?(_ url: URL) {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host?.lowercased(), !host.isEmpty
        else { return nil }
        self.scheme = scheme
        self.host = host
        port = url.port ?? (scheme == "https" ? 443 : 80)
    }

    package var description: String { "\(scheme)://\(host):\(port)" }
}
