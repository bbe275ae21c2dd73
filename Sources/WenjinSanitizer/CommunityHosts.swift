import Foundation

/// The hosts the community has lived on (docs/api.md §1.1) plus the configured source, and
/// the reading of URLs on them: page links, uploaded images, and WeCenter's `url/link/…` and
/// `url/img/…` redirect wrappers.
package struct CommunityHosts: Sendable {
    /// Every host WENJIN has used, oldest first.
    package static let historical: [String] = [
        "2014shequ.twtstudio.com", "wenjin.twtstudio.com", "wj.oursays.com", "wenjin.in", "www.wenjin.in",
        "api.wenjin.in", "wenjin.im", "www.wenjin.im", "wenjin.test.twtstudio.com",
    ]

    /// The configured source base without its trailing slash, e.g. `http://127.0.0.1:8088`;
    /// root-relative URLs in bodies are taken as pointing there.
    package let sourceBase: String
    private let authorities: Set<String>

    /// `source` is the base URL the crawler reads (`http://wenjin.in/`, `http://127.0.0.1:8088/`);
    /// `historical` the hosts it lived on before (site.json's `source.historicalHosts`).
    package init(source: String, historical: [String] = CommunityHosts.historical) {
        let url = BodyURL(source)
        var base = url.text
        while base.hasSuffix("/") { base.removeLast() }
        sourceBase = base
        var authorities = Set(historical.map { $0.lowercased() })
        if !url.authority.isEmpty { authorities.insert(url.authority) }
        self.authorities = authorities
        identity = ([base] + authorities.sorted()).joined(separator: " ")
    }

    /// Everything about these hosts that sanitized output depends on, as one string: caches of
    /// sanitized bodies key on it, so a changed source or host list re-sanitizes.
    package let identity: String

    /// What a URL in a body points at, when it points into the community.
    package func link(for url: String) -> CommunityLink? {
        link(for: parse(url))
    }

    func link(for url: BodyURL) -> CommunityLink? {
        guard isCommunity(url) else { return nil }
        if url.path.hasPrefix("/uploads/") { return .image(originalURL: originalImage(url)) }
        // Routed form `/?/question/5&x=y` or `/index.php?/question/5?x=y`: the route is the
        // query up to the first `?` or `&` (WeCenter's router, docs/api.md §1.2).
        if url.query.hasPrefix("/"), url.path.isEmpty || url.path == "/" || url.path.hasSuffix("/index.php") {
            let split = url.query.firstIndex(where: { $0 == "?" || $0 == "&" }) ?? url.query.endIndex
            let parameters = split < url.query.endIndex ? url.query[url.query.index(after: split)...] : ""
            return CommunityLink(route: url.query[..<split], query: parameters, fragment: url.fragment)
        }
        return CommunityLink(route: url.path, query: url.query, fragment: url.fragment)
    }

    func isCommunity(_ url: BodyURL) -> Bool {
        switch url.kind {
        case .absolute(let scheme): (scheme == "http" || scheme == "https") && authorities.contains(url.authority)
        case .rootRelative: true
        case .opaque, .relative: false
        }
    }

    /// A relative URL from a body, read as the original site read it: relative to the source.
    func againstSource(_ relative: String) -> String {
        sourceBase + "/" + relative.drop { $0 == "/" || $0 == "." }
    }

    /// The absolute URL of a community URL (root-relative ones get the source base).
    func absolute(_ url: BodyURL) -> String {
        url.kind == .rootRelative ? sourceBase + url.text : url.text
    }

    /// An upload's original: thumbnail prefix removed, doubled slashes collapsed.
    private func originalImage(_ url: BodyURL) -> String {
        var components = url.path.split(separator: "/", omittingEmptySubsequences: true)
        if var name = components.last {
            for prefix in ["170x110_", "90x90_"] where name.hasPrefix(prefix) {
                name = name.dropFirst(prefix.count)
            }
            components[components.count - 1] = name
        }
        let host = url.kind == .rootRelative ? sourceBase : "\(url.scheme ?? "http")://\(url.authority)"
        let query = url.query.isEmpty ? "" : "?\(url.query)"
        return host + "/" + components.joined(separator: "/") + query
    }

    /// Reads a URL from a body; WeCenter's `url/link/<code>` and `url/img/<code>` redirect
    /// wrappers (the code is base64 in WeCenter's URL-safe spelling, or percent-encoded) are
    /// read as their target.
    func parse(_ raw: String) -> BodyURL {
        let url = BodyURL(raw)
        let route = url.query.utf8.first == UInt8(ascii: "/") ? url.query : url.path
        guard route.utf8.starts(with: "/url/".utf8), isCommunity(url) else { return url }
        let segments = route.split(separator: "/")
        guard segments.count >= 3, segments[1] == "link" || segments[1] == "img" else { return url }
        let code = segments[2...].joined(separator: "/")
        for candidate in [Self.decodeSafeBase64(code), code.removingPercentEncoding] {
            if let candidate, case .absolute = BodyURL(candidate).kind { return BodyURL(candidate) }
        }
        return url
    }

    /// WeCenter's `safe_url_encode`: base64 with `/ = +` written as `- _ .`.
    private static func decodeSafeBase64(_ code: String) -> String? {
        var text = String(code.map { $0 == "-" ? "/" : $0 == "_" ? "=" : $0 == "." ? "+" : $0 })
        text = text.replacingOccurrences(of: "=", with: "")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        return Data(base64Encoded: text).flatMap { String(data: $0, encoding: .utf8) }
    }
}
