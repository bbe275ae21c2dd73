import Foundation
import WenjinBuildSupport

// Sitemaps, Atom feeds and robots.txt: pure writers that take values the site build gathered
// and return `GeneratedFile`s. They must not read the store or the disk, nor look at the clock:
// every date comes from the data, so two builds give the same bytes.

/// One page for search engines to visit.
package struct SitemapEntry: Sendable, Equatable {
    /// Relative to the site root: `questions/3521.html`.
    package var path: String
    package var lastModified: Date?

    package init(path: String, lastModified: Date? = nil) {
        self.path = path
        self.lastModified = lastModified
    }
}

/// `sitemap.xml` under a base URL (sitemaps need absolute URLs, so an offline mirror has none).
/// Past `urlsPerFile` entries it becomes a sitemap index over `sitemap-1.xml`, `sitemap-2.xml`, ….
package struct Sitemap: Sendable {
    /// The protocol's limit on URLs in one file.
    package static let maximumURLsPerFile = 50_000

    /// `sitemap.xml` first, then the parts when there are several.
    package let files: [GeneratedFile]

    /// Entries are written sorted by path, whatever their order here.
    package init(baseURL: URL, entries: [SitemapEntry], urlsPerFile: Int = Sitemap.maximumURLsPerFile) {
        let site = SiteURL(baseURL: baseURL)
        let sorted = entries.sorted { $0.path < $1.path }
        let perFile = max(1, min(urlsPerFile, Sitemap.maximumURLsPerFile))
        if sorted.count <= perFile {
            files = [GeneratedFile(path: "sitemap.xml", text: Sitemap.urlSet(sorted[...], site: site))]
            return
        }
        var parts: [GeneratedFile] = []
        var index = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for start in stride(from: 0, to: sorted.count, by: perFile) {
            let slice = sorted[start..<min(sorted.count, start + perFile)]
            let name = "sitemap-\(parts.count + 1).xml"
            parts.append(GeneratedFile(path: name, text: Sitemap.urlSet(slice, site: site)))
            index += "<sitemap><loc>"
            XMLText.append(site.link(name, fromDepth: 0), to: &index)
            index += "</loc>"
            if let newest = slice.compactMap(\.lastModified).max() {
                index += "<lastmod>\(AtomDate.string(newest))</lastmod>"
            }
            index += "</sitemap>\n"
        }
        index += "</sitemapindex>\n"
        files = [GeneratedFile(path: "sitemap.xml", text: index)] + parts
    }

    /// The files `init` makes for `entryCount` entries, without making them.
    package static func paths(entryCount: Int, urlsPerFile: Int = Sitemap.maximumURLsPerFile) -> [SitePath] {
        let perFile = max(1, min(urlsPerFile, Sitemap.maximumURLsPerFile))
        guard entryCount > perFile else { return ["sitemap.xml"] }
        let parts = (entryCount + perFile - 1) / perFile
        return ["sitemap.xml"] + (1...parts).map { SitePath("sitemap-\($0).xml") }
    }

    private static func urlSet(_ entries: ArraySlice<SitemapEntry>, site: SiteURL) -> String {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            + "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for entry in entries {
            text += "<url><loc>"
            XMLText.append(site.link(entry.path, fromDepth: 0), to: &text)
            text += "</loc>"
            if let date = entry.lastModified { text += "<lastmod>\(AtomDate.string(date))</lastmod>" }
            text += "</url>\n"
        }
        text += "</urlset>\n"
        return text
    }
}
