/// The cookies of one logged-in session (WeCenter's `<prefix>_Session` and `<prefix>_user_login`),
/// kept in memory only and sent back on every request to the same community. The client keeps
/// them itself instead of using `HTTPCookieStorage`, whose shared store is process-wide and may
/// be persisted to disk.
struct SessionCookies: Sendable, Equatable {
    private(set) var values: [(name: String, value: String)] = []

    static func == (lhs: SessionCookies, rhs: SessionCookies) -> Bool {
        lhs.values.map(\.name) == rhs.values.map(\.name) && lhs.values.map(\.value) == rhs.values.map(\.value)
    }

    /// The `Cookie` request header, nil when there is nothing to send.
    var header: String? {
        values.isEmpty ? nil : values.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    func value(named name: String) -> String? { values.first { $0.name == name }?.value }

    /// Whether a WeCenter login cookie (`<prefix>_user_login`) is held.
    var hasLogin: Bool { values.contains { $0.name.hasSuffix("_user_login") } }

    /// Applies `Set-Cookie` headers in order. A cookie set to `deleted`, or with `Max-Age`
    /// zero or less, is removed: WeCenter's login first deletes the old login cookie, then sets the new one.
    mutating func absorb(setCookieHeaders: [String]) {
        for header in setCookieHeaders {
            let attributes = header.split(separator: ";").map { $0.trimmingASCIIWhitespace() }
            guard let pair = attributes.first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals])
            let value = String(pair[pair.index(after: equals)...])
            guard !name.isEmpty else { continue }
            let expired = value == "deleted" || attributes.dropFirst().contains { attribute in
                let parts = attribute.split(separator: "=", maxSplits: 1)
                return parts.count == 2 && parts[0].lowercased() == "max-age" && (Int(parts[1]) ?? 1) <= 0
            }
            values.removeAll { $0.name == name }
            if !expired { values.append((name, value)) }
        }
    }

    /// Splits a `Set-Cookie` field that an HTTP stack joined with ", " back into cookies.
    /// A comma starts a new cookie only when `name=` follows it, so the comma inside
    /// `expires=Thu, 01 Jan 1970 …` stays where it is.
    static func splitJoinedSetCookie(_ field: String) -> [String] {
        var cookies: [String] = []
        var current = ""
        var rest = Substring(field)
        while let comma = rest.firstIndex(of: ",") {
            let after = rest[rest.index(after: comma)...]
            current += rest[..<comma]
            if startsWithCookieName(after) {
                cookies.append(current)
                current = ""
            } else {
                current += ","
            }
            rest = after
        }
        current += rest
        cookies.append(current)
        return cookies.map { String($0.trimmingASCIIWhitespace()) }.filter { !$0.isEmpty }
    }

    private static func startsWithCookieName(_ text: Substring) -> Bool {
        let trimmed = text.drop { $0 == " " }
        guard let equals = trimmed.firstIndex(of: "=") else { return false }
        let name = trimmed[..<equals]
        return !name.isEmpty && !name.contains { $0 == " " || $0 == ";" || $0 == "," }
    }
}
