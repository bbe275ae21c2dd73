/// Decides whether one reference of one page resolves inside the site. External references
/// (any scheme, or `//host`) are not the checker's business and always pass.
struct ReferenceResolver: Sendable {
    let files: Set<String>
    let pages: [String: PageLinks]
    /// Folders that hold files, derived once, to tell "names a folder" from "missing".
    private let folders: Set<String>

    init(files: Set<String>, pages: [String: PageLinks]) {
        self.files = files
        self.pages = pages
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

    func problem(with reference: String, on page: String) -> LinkProblem.Reason? {
        let trimmed = reference.trimmingWhitespace()
        if trimmed.isEmpty || ReferenceResolver.isExternal(trimmed) { return nil }
        if trimmed.hasPrefix("/") { return .rootRelative }
        var pathPart = Substring(trimmed)
        var fragment: Substring?
        if let hash = pathPart.firstIndex(of: "#") {
            fragment = pathPart[pathPart.index(after: hash)...]
            pathPart = pathPart[..<hash]
        }
        if let question = pathPart.firstIndex(of: "?") { pathPart = pathPart[..<question] }

        let target: String
        if pathPart.isEmpty {
            target = page
        } else {
            guard let resolved = ReferenceResolver.resolve(String(pathPart).percentDecoded(), from: page) else { return .outsideSite }
            target = resolved
            if !files.contains(target) {
                if folders.contains(target) || pathPart.hasSuffix("/") { return .folder(target) }
                return .missingFile(target)
            }
        }
        guard let fragment, !fragment.isEmpty, fragment != "top" else { return nil }
        let anchor = String(fragment).percentDecoded()
        guard let anchors = pages[target]?.anchors, anchors.contains(anchor) || anchors.contains(String(fragment)) else {
            return .missingAnchor(file: target, anchor: anchor)
        }
        return nil
    }

    /// `http:`, `mailto:`, `data:`, `javascript:` …, and protocol-relative `//host/…`.
    static func isExternal(_ reference: String) -> Bool {
        if reference.hasPrefix("//") { return true }
        for (index, character) in reference.enumerated() {
            if character == ":" { return index > 0 }
            let allowed = character.isASCII && (character.isLetter || (index > 0 && (character.isNumber || "+-.".contains(character))))
            if !allowed { return false }
        }
        return false
    }

    /// The site-relative path `path` names from `page`, or nil when it climbs above the root.
    static func resolve(_ path: String, from page: String) -> String? {
        var parts = page.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            switch segment {
            case ".": continue
            case "..":
                if parts.isEmpty { return nil }
                parts.removeLast()
            case "" where index < segments.count - 1: continue
            default: parts.append(String(segment))
            }
        }
        return parts.filter { !$0.isEmpty }.joined(separator: "/")
    }
}

extension String {
    fileprivate func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return String(scalars[first...last])
    }

    /// `%E4%BD%A0` → `你`; malformed escapes stay as written.
    fileprivate func percentDecoded() -> String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        let utf8 = Array(self.utf8)
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
