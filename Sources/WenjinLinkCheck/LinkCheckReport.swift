/// What `LinkChecker` found: how much it looked at and every reference that does not resolve.
package struct LinkCheckReport: Sendable, Equatable {
    package var pages: Int
    package var references: Int
    /// Unreadable pages first, then by page path, each page's in the order they appear in it.
    package var problems: [LinkProblem]

    package var passed: Bool { problems.isEmpty }
}

/// One reference of one page that does not lead where it says.
package struct LinkProblem: Sendable, Hashable, CustomStringConvertible {
    package enum Reason: Sendable, Hashable {
        /// No file at the path the reference names.
        case missingFile(String)
        /// The file exists but has no element with that `id` (or `<a name>`).
        case missingAnchor(file: String, anchor: String)
        /// Starts with `/`: it would leave the site when opened from `file://` or a sub-path.
        case rootRelative
        /// Climbs above the site root with `..`.
        case outsideSite
        /// Names a folder, which `file://` shows as a listing rather than a page.
        case folder(String)
        /// The page itself could not be read.
        case unreadablePage
    }

    /// Relative to the site root.
    package let page: String
    /// 1-based line of the tag in the page (0 when the page could not be read).
    package let line: Int
    /// As written in the page.
    package let reference: String
    package let reason: Reason

    package init(page: String, line: Int, reference: String, reason: Reason) {
        self.page = page
        self.line = line
        self.reference = reference
        self.reason = reason
    }

    package var why: String {
        switch reason {
        case .missingFile(let path): return "no file \(path)"
        case .missingAnchor(let file, let anchor): return "no id \"\(anchor)\" in \(file)"
        case .rootRelative: return "starts with /, so it leaves the site from file:// or a sub-path"
        case .outsideSite: return "climbs above the site root"
        case .folder(let path): return "names the folder \(path), not a file"
        case .unreadablePage: return "the page cannot be read"
        }
    }

    /// `questions/1.html:12: users/9.html — no file users/9.html`
    package var description: String { "\(page):\(line): \(reference) — \(why)" }
}
