/// A URL as written in a body, split into the parts the policy and the link rewriting need.
/// Deliberately not Foundation's `URL`: bodies hold URLs it refuses (spaces, Chinese, stray
/// `%`), and the scheme check must see exactly what a browser would.
struct BodyURL: Equatable {
    enum Kind: Equatable {
        /// `http://host/…` (or `//host/…`, taken as http).
        case absolute(scheme: String)
        /// `mailto:` and other schemes without an authority.
        case opaque(scheme: String)
        /// `/path` on the same host.
        case rootRelative
        /// `path`, `./path`, `?query`, `#fragment`.
        case relative
    }

    /// The value with surrounding whitespace removed; what the output carries.
    let text: String
    let kind: Kind
    /// `host[:port]`, lower-cased, for absolute URLs.
    let authority: String
    let path: Substring
    let query: Substring
    let fragment: Substring

    /// Characters a browser ignores inside a scheme, or that can hide one: ASCII controls,
    /// space, and the Unicode spaces and invisible marks. They are removed before the
    /// scheme is read, so `jav&#x09;ascript:` and ` &#14; javascript:` are seen as
    /// `javascript:`.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0...0x20, 0x7F...0xA0, 0x1680, 0x180E, 0x2000...0x200F, 0x2028...0x202F, 0x205F...0x206F,
            0x3000, 0xFEFF, 0xFFF9...0xFFFC:
            return true
        default:
            return false
        }
    }

    /// The scheme after removing ignorable characters, lower-cased; nil when there is none.
    static func scheme(of raw: String) -> String? {
        var scheme = ""
        for scalar in raw.unicodeScalars where !isIgnorable(scalar) {
            switch scalar {
            case ":":
                return scheme.isEmpty ? nil : scheme
            case "/", "?", "#":
                return nil
            default:
                scheme.unicodeScalars.append(scalar)
                if scheme.utf8.count > 32 { return nil }
            }
        }
        return nil
    }

    init(_ raw: String) {
        // Controls inside a URL are dropped here, as a browser drops tabs and newlines,
        // so that the URL read now is the URL the serializer writes and a second pass reads.
        text = Self.withoutControls(Self.trimmed(raw))
        let scheme = Self.scheme(of: text)?.lowercased()
        var rest = Substring(text)
        if scheme != nil, let colon = text.unicodeScalars.firstIndex(of: ":") {
            // By scalars: a combining mark after the `:` would hide it from a Character search.
            rest = Substring(text.unicodeScalars[text.unicodeScalars.index(after: colon)...])
        }
        var hasAuthority = false
        if rest.hasPrefix("//") || rest.hasPrefix("\\\\") {
            rest = rest.dropFirst(2)
            hasAuthority = true
        }
        let fragmentStart = rest.firstIndex(of: "#")
        fragment = fragmentStart.map { rest[rest.index(after: $0)...] } ?? ""
        rest = rest[..<(fragmentStart ?? rest.endIndex)]
        let queryStart = rest.firstIndex(of: "?")
        query = queryStart.map { rest[rest.index(after: $0)...] } ?? ""
        rest = rest[..<(queryStart ?? rest.endIndex)]
        if hasAuthority {
            let slash = rest.firstIndex(where: { $0 == "/" || $0 == "\\" }) ?? rest.endIndex
            var host = rest[..<slash]
            if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
            authority = host.lowercased()
            path = rest[slash...]
            kind = .absolute(scheme: scheme ?? "http")
        } else {
            authority = ""
            path = rest
            if let scheme {
                kind = .opaque(scheme: scheme)
            } else if rest.hasPrefix("/") {
                kind = .rootRelative
            } else {
                kind = .relative
            }
        }
    }

    var scheme: String? {
        switch kind {
        case .absolute(let scheme), .opaque(let scheme): scheme
        case .rootRelative, .relative: nil
        }
    }

    private static func withoutControls(_ text: String) -> String {
        let isControl = { (scalar: Unicode.Scalar) in scalar.value < 0x20 || scalar.value == 0x7F || scalar.value >= 0xFFFE && scalar.value <= 0xFFFF }
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: text.unicodeScalars.filter { !isControl($0) })
        return String(kept)
    }

    private static func trimmed(_ raw: String) -> String {
        let scalars = raw.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isIgnorable($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !isIgnorable($0) })!
        if first == scalars.startIndex && last == scalars.index(before: scalars.endIndex) { return raw }
        return String(scalars[first...last])
    }
}
