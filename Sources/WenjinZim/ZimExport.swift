// WenjinZim owns `wenjin export zim`: a built site folder packed as one ZIM file through
// libzim (the C++ target CZimWriter), with the metadata, icon and indexes Kiwix needs.
import Foundation
import WenjinConfig
import WenjinLinkCheck
import WenjinSite

/// Packs a built site into a ZIM: every file under its own relative path and MIME type,
/// questions and articles as front articles, the home page as main page, a Chinese full-text
/// index and title suggestions. It reads only the published output of `wenjin build`, so the
/// ZIM shows exactly what the site shows, rendered once.
public struct ZimExport: Sendable {
    public let site: URL
    public let config: SiteConfig
    public let metadata: ZimMetadata

    public init(site: URL, config: SiteConfig, date: Date) throws(ZimError) {
        self.site = site
        self.config = config
        metadata = try ZimMetadata(config: config, date: date)
    }

    /// Writes the ZIM at `file`, replacing it only once the new one is complete; refuses to
    /// write anything if the site lets out what `forbidden` names.
    public func write(to file: URL, forbidden: ForbiddenContent) throws(ZimError) -> ZimExportSummary {
        let report: PrivacyReport
        do {
            report = try PrivacyCheck(root: site, forbidden: forbidden).run()
        } catch {
            throw ZimError(file: site.path, reason: .site(error))
        }
        guard report.passed else { throw ZimError(file: site.path, reason: .privacy(report.findings)) }
        let files: [String]
        do {
            files = try SiteFiles(root: site).all.sorted()
        } catch {
            throw ZimError(file: site.path, reason: .site(error))
        }
        let illustration = try ZimIllustration(siteFolder: site)

        let partial = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).partial")
        try? FileManager.default.removeItem(at: partial)
        var summary = ZimExportSummary()
        do {
            summary = try pack(files, illustration: illustration, into: partial.path)
        } catch {
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
        if rename(partial.path, file.path) != 0 {
            let why = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: partial)
            throw ZimError(file: file.path, reason: .cannotPlace(why))
        }
        return summary
    }

    private func pack(_ files: [String], illustration: ZimIllustration, into path: String) throws(ZimError) -> ZimExportSummary {
        // Debian's libzim 8 indexes Chinese text as one word per run of characters unless
        // Xapian's CJK n-grams are on while the index is written (openZIM fixed this only in
        // libzim 9, openzim/libzim#806), so a two-character query would find nothing.
        setenv("XAPIAN_CJK_NGRAM", "1", 1)
        // Xapian keeps every document's postings in memory until it flushes, by default every
        // 10,000 documents; with CJK n-grams that alone grew an export of 10,000 questions by
        // hundreds of MiB over the build (BENCHMARKS.md, ZIM export).
        setenv("XAPIAN_FLUSH_THRESHOLD", String(Self.indexFlushDocuments), 1)
        let creator = try ZimCreator(file: path, indexLanguage: ZimMetadata.language(config.language).threeLetter,
                                     workers: ProcessInfo.processInfo.activeProcessorCount)
        var summary = ZimExportSummary()
        for relative in files {
            let source = site.path + "/" + relative
            let mimeType = ZimContentType.of(path: relative)
            var title = ""
            var front = false
            if ZimContentType.isPage(mimeType) {
                let head = try Self.head(of: source, siteTitle: config.title)
                title = head.title
                front = !head.noIndex && Self.isFrontArticle(relative)
                summary.pages += 1
            } else {
                summary.files += 1
            }
            if front { summary.frontArticles += 1 }
            try creator.addFile(path: relative, mimeType: mimeType, title: title, frontArticle: front, source: source)
        }
        try creator.setMainPath("index.html")
        for entry in metadata.entries { try creator.addMetadata(entry.name, entry.value) }
        try creator.addIllustration(size: ZimIllustration.size, png: illustration.png)
        try creator.finish()
        return summary
    }

    /// Documents the full-text index holds in memory before writing them out.
    static let indexFlushDocuments = 1_000

    /// Questions and articles are what a reader looks for; lists, user and topic pages are
    /// ways to them (Kiwix's random page and suggestions draw on front articles only).
    static func isFrontArticle(_ path: String) -> Bool {
        guard path.hasSuffix(".html") else { return false }
        let parts = path.split(separator: "/")
        return parts.count == 2 && (parts[0] == "questions" || parts[0] == "articles")
    }

    private static func head(of file: String, siteTitle: String) throws(ZimError) -> PageHead {
        guard let handle = FileHandle(forReadingAtPath: file) else {
            throw ZimError(file: file, reason: .site(LinkCheckError(root: file, reason: .unreadable)))
        }
        defer { try? handle.close() }
        let bytes = (try? handle.read(upToCount: PageHead.limit)) ?? Data()
        return PageHead(html: ArraySlice(bytes), siteTitle: siteTitle)
    }
}

/// What an export wrote.
public struct ZimExportSummary: Sendable, Equatable {
    public var pages = 0
    public var frontArticles = 0
    public var files = 0

    public var line: String { "\(pages) pages (\(frontArticles) front articles) and \(files) other files" }
}
