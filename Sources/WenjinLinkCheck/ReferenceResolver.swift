/// Decides whether one reference of one page names a file of the site. External references
/// (any scheme, or `//host`) are not the checker's business and always pass. Anchors are
/// left to the caller, who knows the `id`s of every page only once all are scanned.
struct ReferenceResolver: Sendable {
    enum Resolution {
        case resolves
        case broken(LinkProblem.Reason)
        /// The file exists; the reference holds only if `file` has an `id` that `fragment`
        /// names, as written or percent-decoded.
        case needsAnchor(file: String, fragment: String)
    }

    let files: Set<String>
    /// Folders that hold files, derived once, to tell "names a folder" from "missing".
    private let folders: Set<String>

    init(files: Set<String>) {
        self.files = files
        var folders: Set<String> = [""]
        for file in files {
            var parts = file.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            while !parts.isEmpty {
                if !folders.insert(parts.joined(separator: "/")).inserted { break }
                parts = parts.dropLast()
            }
        }
        self.folders = folders
    }

    /// The folder of `page` as path segments, computed once per page rather than per reference.
    static func folder(of page: String) -> [Substring] {
        Array(page.split(separator: "/", omittingEmptySubsequences: false).dropLast())
    }

    func resolve(_ reference: String, on page: String, inFolder folder: [Substring]) -> Resolution {
        let trimmed = reference.trimmingWhitespace()
        if trimmed.isEmpty || ReferenceResolver.isExternal(trimmed) { return .resolves }
        if trimmed.utf8.first == UInt8(ascii: "/") { return .broken(.rootRelative) }
        var pathPart = Substring(trimmed)
        var fragment: Substring?
        if let hash = pathPart.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = pathPart[pathPart.index(after: hash)...]
            pathPart = pathPart[..<hash]
        }
        if let question = pathPart.utf8.firstIndex(of: UInt8(ascii: "?")) { pathPart = pathPart[..<question] }

        let target: String
        if pathPart.isEmpty {
            target = page
        } else {
            guard let resolved = ReferenceResolver.resolve(ReferenceResolver.percentDecoded(String(pathPart)), inFolder: folder) else {
                return .broken(.outsideSite)
            }
            target = resolved
            if !files.contains(target) {
                if folders.contains(target) || pathPart.utf8.last == UInt8(ascii: "/") { return .broken(.folder(target)) }
                return .broken(.missingFile(target))
            }
        }
        // `#` alone and `#top` go to the top of the page without any id (HTML's rules).
        guard let fragment, !fragment.isEmpty, fragment != "top" else { return .resolves }
        return .needsAnchor(file: target, fragment: String(fragment))
    }

    /// `http:`, `mailto:`, `data:`, `javascript:` …, and protocol-relative `//host/…`: a
    /// scheme is a letter, then letters, digits, `+`, `-` or `.`, then `:`.
    static func isExternal(_ reference: String) -> Bool {
        if reference.utf8.starts(with: "//".utf8) { return true }
        var index = 0
        for byte in reference.utf8 {
            if byte == UInt8(ascii: ":") { return index > 0 }
            let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            let other = (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            if !(letter || (index > 0 && other)) { return false }
            index += 1
        }
        return false
    }

    /// The site-relative path `path` names from a page in `folder`, or nil when it climbs above the root.
    static func resolve(_ path: String, inFolder folder: [Substring]) -> String? {
        var parts = folder
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            switch segment {
            case ".": continue
            case "..":
                if parts.isEmpty { return nil }
                parts.removeLast()
            case "" where index < segments.count - 1: continue
            default: parts.append(segment)
            }
        }
        return parts.filter { !$0.isEmpty }.joined(separator: "/")
    }

    /// `%E4%BD%A0` → `你`; malformed escapes stay as written.
    static func percentDecoded(_ text: String) -> String {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
               let value = UInt8(String(decoding: utf8[(index + 1)...(index + 2)], as: UTF8.self), radix: 16) {
                bytes.append(value)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        if first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80 { return self }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }
}
