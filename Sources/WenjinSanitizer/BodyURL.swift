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
        // Fast path: a plain ASCII scheme (or none) needs no scalar walk.
        for (offset, byte) in raw.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                continue
            case UInt8(ascii: ":") where offset > 0:
                return String(Substring(raw.utf8.prefix(offset)))
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                return nil
            default:
                break
            }
            break
        }
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
        let text = Self.withoutControls(Self.trimmed(raw))
        let scheme = Self.scheme(of: text)?.lowercased()
        // Split on ASCII bytes of the UTF-8 view: no grapheme breaking, and a combining mark
        // after a delimiter cannot hide it.
        var rest = Substring(text)
        if scheme != nil, let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) {
            rest = Substring(text.utf8[text.utf8.index(after: colon)...])
        }
        // A browser reads `\\` as `/` in a web URL, so `//host`, `\\\\host` and their mixes all
        // name a host (from disk, `file://host`: a network share).
        let isSlash = { (byte: UInt8) in byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") }
        var hasAuthority = false
        var plainSlashes = false
        if rest.utf8.count >= 2, isSlash(rest.utf8.first!), isSlash(rest.utf8.dropFirst().first!) {
            plainSlashes = rest.utf8.starts(with: "//".utf8)
            rest = Substring(rest.utf8.dropFirst(2))
            hasAuthority = true
        }
        (rest, fragment) = Self.split(rest, at: UInt8(ascii: "#"))
        (rest, query) = Self.split(rest, at: UInt8(ascii: "?"))
        if hasAuthority {
            let slash = rest.utf8.firstIndex(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }) ?? rest.endIndex
            var host = Substring(rest.utf8[..<slash])
            if let at = host.utf8.lastIndex(of: UInt8(ascii: "@")) { host = Substring(host.utf8[host.utf8.index(after: at)...]) }
            var authority = host.utf8.contains(where: { $0 >= 65 && $0 <= 90 || $0 >= 0x80 }) ? host.lowercased() : String(host)
            // `wenjin.in:80` is `wenjin.in`.
            let defaultPort = scheme == "https" ? ":443" : ":80"
            if authority.hasSuffix(defaultPort) { authority.removeLast(defaultPort.count) }
            self.authority = authority
            let written = Substring(rest.utf8[slash...])
            kind = .absolute(scheme: scheme ?? "http")
            if scheme == nil || !plainSlashes || written.utf8.contains(UInt8(ascii: "\\")) {
                // Written out as the link it is: a scheme-less or backslashed URL kept as written
                // would be read from disk as a file on another machine.
                path = Substring(written.replacingOccurrences(of: "\\", with: "/"))
                self.text = "\(scheme ?? "http")://\(authority)\(path)" + (query.isEmpty ? "" : "?\(query)")
                    + (fragment.isEmpty ? "" : "#\(fragment)")
                return
            }
            path = written
        } else {
            authority = ""
            path = rest
            if let scheme {
                kind = .opaque(scheme: scheme)
            } else if rest.utf8.first == UInt8(ascii: "/") {
                kind = .rootRelative
            } else {
                kind = .relative
            }
        }
        self.text = text
    }

    /// The part before the first `byte` and the part after it ("" when absent).
    private static func split(_ text: Substring, at byte: UInt8) -> (Substring, Substring) {
        guard let index = text.utf8.firstIndex(of: byte) else { return (text, "") }
        return (Substring(text.utf8[..<index]), Substring(text.utf8[text.utf8.index(after: index)...]))
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

extension String {
    /// Without the leading and trailing characters `BodyURL.isIgnorable` names.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !BodyURL.isIgnorable($0) }) else { return "" }
        let last = scalars.lastIndex(where: { !BodyURL.isIgnorable($0) })!
        return String(scalars[first...last])
    }
}
