import Foundation
import WenjinBuildSupport
import WenjinConfig
import WenjinLinkCheck
import WenjinSite

/// The entries of the ZIM, read from the built site in one pass on every core: each file's MIME
/// type, a page's head (title, front article or not), and what the privacy check finds in it.
/// What only a web host needs stays out (docs/design.md#hosting): the `.gz`/`.br` siblings of
/// `build.hosting` and its `_headers` file, since Kiwix serves every entry as stored.
struct ZimEntries {
    struct Entry: Sendable {
        let path: String
        let mimeType: String
        let title: String
        let frontArticle: Bool
        var isPage: Bool { ZimContentType.isPage(mimeType) }
    }

    let entries: [Entry]
    let findings: [PrivacyFinding]

    /// The host's headers file, which `build.hosting.headersFile` writes at the site's root.
    static let hostingHeadersFile = "_headers"

    init(site: URL, siteTitle: String, forbidden: ForbiddenContent) throws(ZimError) {
        let files: [String]
        do {
            files = try SiteFiles(root: site).all.sorted()
        } catch {
            throw ZimError(file: site.path, reason: .site(error))
        }
        let packed = Self.withoutHostingFiles(files)
        let root = site.path
        let read = try ParallelWork.map(packed) { relative throws(ZimError) -> (Entry, [PrivacyFinding]) in
            let file = root + "/" + relative
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ZimError(file: file, reason: .site(LinkCheckError(root: file, reason: .unreadable)))
            }
            let mimeType = ZimContentType.of(path: relative)
            var entry = Entry(path: relative, mimeType: mimeType, title: "", frontArticle: false)
            if ZimContentType.isPage(mimeType) {
                let head = data.withUnsafeBytes { PageHead(html: ArraySlice($0.prefix(PageHead.limit)), siteTitle: siteTitle) }
                entry = Entry(path: relative, mimeType: mimeType, title: head.title,
                              frontArticle: !head.noIndex && ZimExport.isFrontArticle(relative))
            }
            return (entry, data.withUnsafeBytes { forbidden.findings(in: $0, entry: relative) })
        }
        entries = read.map(\.0)
        findings = read.flatMap(\.1)
    }

    /// `files` less the web host's: `_headers`, and a `.gz` or `.br` file whose original is there.
    static func withoutHostingFiles(_ files: [String]) -> [String] {
        let all = Set(files)
        return files.filter { file in
            if file == hostingHeadersFile { return false }
            return !SiteConfig.Hosting.Encoding.allCases.contains { encoding in
                file.hasSuffix("." + encoding.fileExtension) && all.contains(String(file.dropLast(encoding.fileExtension.count + 1)))
            }
        }
    }
}
