// WenjinZim owns `wenjin export zim`: a built site folder packed as one ZIM file through
// libzim (the C++ target CZimWriter), with the metadata, icon and indexes Kiwix needs.
import Foundation
import WenjinBuildSupport
import WenjinConfig
import WenjinSite

/// Packs a built site into a ZIM: every file under its own relative path and MIME type,
/// questions and articles as front articles, the home page as main page, a Chinese full-text
/// index and title suggestions. It packs the published output of `wenjin build`, so the ZIM
/// shows exactly what the site shows, rendered once; the index takes the text the same build
/// had of each question and article (`PageText`), so no page is taken apart again.
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
    /// write anything if the site, or the text `pageTexts` gives the full-text index of its
    /// questions and articles, lets out what `forbidden` names. A front article without a text
    /// there is indexed from its HTML.
    public func write(to file: URL, forbidden: ForbiddenContent, pageTexts: [PageText]) throws(ZimError) -> ZimExportSummary {
        let entries = try ZimEntries(site: site, siteTitle: config.title, forbidden: forbidden)
        let fronts = Set(entries.entries.lazy.filter(\.frontArticle).map(\.path))
        let texts = Dictionary(pageTexts.lazy.filter { fronts.contains($0.path) }.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let findings = entries.findings + Self.findings(in: Array(texts.values), forbidden: forbidden)
        guard findings.isEmpty else { throw ZimError(file: site.path, reason: .privacy(findings)) }
        let illustration = try ZimIllustration(siteFolder: site)

        let partial = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).partial")
        try? FileManager.default.removeItem(at: partial)
        var summary = ZimExportSummary()
        do {
            summary = try pack(entries.entries, texts: texts, illustration: illustration, into: partial.path)
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

    /// The index's text is an output of its own (a ZIM's Xapian database), so it is checked as
    /// one: each page's text under the page's path, which decides what may appear where.
    private static func findings(in texts: [PageText], forbidden: ForbiddenContent) -> [PrivacyFinding] {
        ParallelWork.map(texts) { page in
            var bytes = Array(page.title.utf8)
            for part in [page.text] + page.keywords {
                bytes.append(0x0A)
                bytes += part.utf8
            }
            return bytes.withUnsafeBytes { forbidden.findings(in: $0, entry: page.path) }
                .map { PrivacyFinding(file: "\(page.path) (full-text index)", finding: $0.finding) }
        }.flatMap { $0 }
    }

    private func pack(_ entries: [ZimEntries.Entry], texts: [String: PageText], illustration: ZimIllustration,
                      into path: String) throws(ZimError) -> ZimExportSummary {
        // Debian's libzim 8 indexes Chinese text as one word per run of characters unless
        // Xapian's CJK n-grams are on while the index is written (openZIM fixed this only in
        // libzim 9, openzim/libzim#806), so a two-character query would find nothing.
        setenv("XAPIAN_CJK_NGRAM", "1", 1)
        // Xapian keeps every document's postings in memory until it flushes, by default every
        // 10,000 documents; with CJK n-grams that alone grew an export of 10,000 questions by
        // hundreds of MiB over the build (BENCHMARKS.md, ZIM export).
        setenv("XAPIAN_FLUSH_THRESHOLD", String(Self.indexFlushDocuments), 1)
        let creator = try ZimCreator(file: path, indexLanguage: ZimMetadata.language(config.language).threeLetter,
                                     workers: ProcessInfo.processInfo.activeProcessorCount, clusterBytes: Self.clusterBytes)
        var summary = ZimExportSummary()
        for entry in entries {
            if entry.isPage { summary.pages += 1 } else { summary.files += 1 }
            var indexing = ZimCreator.Indexing.none
            if entry.frontArticle {
                summary.frontArticles += 1
                indexing = texts[entry.path].map { .text(ZimIndexText($0)) } ?? .wholePage
            }
            try creator.addFile(path: entry.path, mimeType: entry.mimeType, title: entry.title, frontArticle: entry.frontArticle,
                                source: site.path + "/" + entry.path, indexing: indexing)
        }
        try creator.setMainPath("index.html")
        for entry in metadata.entries { try creator.addMetadata(entry.name, entry.value) }
        try creator.addIllustration(size: ZimIllustration.size, png: illustration.png)
        try creator.finish()
        return summary
    }

    /// Documents the full-text index holds in memory before writing them out.
    static let indexFlushDocuments = 1_000

    /// Bytes of entries compressed together (before compression); libzim 8.1's default is 2 MiB.
    static let clusterBytes = 2 << 20

    /// Questions and articles are what a reader looks for; lists, user and topic pages are
    /// ways to them (Kiwix's random page and suggestions draw on front articles only).
    static func isFrontArticle(_ path: String) -> Bool {
        guard path.hasSuffix(".html") else { return false }
        let parts = path.split(separator: "/")
        return parts.count == 2 && (parts[0] == "questions" || parts[0] == "articles")
    }
}

/// What an export wrote.
public struct ZimExportSummary: Sendable, Equatable {
    public var pages = 0
    public var frontArticles = 0
    public var files = 0

    public var line: String { "\(pages) pages (\(frontArticles) front articles) and \(files) other files" }
}
