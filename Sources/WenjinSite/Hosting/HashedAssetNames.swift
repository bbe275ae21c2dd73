import Foundation
import WenjinSanitizer
import WenjinBuildSupport

/// The theme's style sheets and scripts under names that change with their bytes
/// (`assets/css/site.css` → `assets/css/site.3f9a0c1b2d.css`), so a host may let browsers keep
/// them for a year (docs/design.md#hosting). Every page is rewritten after rendering, whatever
/// its template wrote, so a template or script the theme adds later needs nothing of its own.
struct HashedAssetNames: Sendable {
    /// How many hex digits of the SHA-256 go into a name: collisions among a theme's few files
    /// are out of reach, and a changed file changes its name.
    static let digestLength = 10

    /// Output path → hashed output path, for every CSS and JavaScript file the theme ships.
    let renamed: [String: String]
    /// The longest original path, the most a reference needs to be looked at, and the lengths
    /// of all: most quoted values in a page (class names, other links) are ruled out by these.
    private let longest: Int
    private let lengths: Set<Int>

    /// Hashed names for the `.css` and `.js` files among `files` (output path → source).
    init(files: [SitePath: URL]) throws(SiteError) {
        var renamed: [String: String] = [:]
        for (path, source) in files where path.text.hasSuffix(".css") || path.text.hasSuffix(".js") {
            guard let data = FileManager.default.contents(atPath: source.path) else {
                throw SiteError(.themeUnreadable, step: .loadTheme, file: source.path, message: "cannot read the file to name it by its hash")
            }
            let digest = Sanitizer.contentHash(of: [UInt8](data)).prefix(Self.digestLength)
            let text = path.text
            let dot = text.lastIndex(of: ".") ?? text.endIndex
            renamed[text] = "\(text[..<dot]).\(digest)\(text[dot...])"
        }
        self.renamed = renamed
        longest = renamed.keys.map(\.utf8.count).max() ?? 0
        lengths = Set(renamed.keys.map(\.utf8.count))
    }

    /// Where `path` is published: its hashed name, or itself when it is not renamed.
    func published(_ path: SitePath) -> SitePath { renamed[path.text].map { SitePath($0) } ?? path }

    /// `page` with every relative reference to a renamed file (`"../assets/css/site.css"`,
    /// `'assets/js/search.js?v=1'`) pointing at its hashed name. A reference starts right after a
    /// quote, with any number of `../`, and ends at a quote, `?` or `#`; an absolute URL that
    /// happens to end the same way (a post's link to another site) is left alone.
    func rewrite(_ page: [UInt8]) -> [UInt8] {
        guard !renamed.isEmpty else { return page }
        var output: [UInt8] = []
        var copied = 0
        var index = 0
        let count = page.count
        while index < count {
            let quote = page[index]
            index += 1
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { continue }
            var start = index
            while start + 2 < count, page[start] == UInt8(ascii: "."), page[start + 1] == UInt8(ascii: "."),
                  page[start + 2] == UInt8(ascii: "/") {
                start += 3
            }
            var end = start
            while end < count, end - start <= longest, !Self.endsReference(page[end]) { end += 1 }
            guard end < count, lengths.contains(end - start),
                  let hashed = renamed[String(decoding: page[start..<end], as: UTF8.self)] else { continue }
            if output.isEmpty { output.reserveCapacity(count + 64) }
            output += page[copied..<start]
            output += hashed.utf8
            copied = end
            index = end
        }
        if copied == 0 { return page }
        output += page[copied...]
        return output
    }

    private static func endsReference(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
            || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n")
    }
}
