// WenjinZim owns `wenjin export zim`: the published site packed as one ZIM file through libzim
// (the C++ target CZimWriter), with the metadata, icon and indexes Kiwix needs.
import Foundation
import WenjinConfig
import WenjinSite

/// Packs the site into a ZIM: every file under its own relative path and MIME type, questions
/// and articles as front articles, the home page as main page, a Chinese full-text index and
/// title suggestions. The pages come from the renderer of `wenjin build` as it makes them
/// (`SiteBuilder.stream`), so the ZIM shows exactly what the site shows, and no site folder is
/// written or read; the index takes the text the same build has of each question and article
/// (`PageText`), so no page is taken apart again.
package struct ZimExport: Sendable {
    package let config: SiteConfig
    package let metadata: ZimMetadata

    package init(config: SiteConfig, date: Date) throws(ZimError) {
        self.config = config
        metadata = try ZimMetadata(config: config, date: date)
    }

    /// Renders the site through `builder` into a ZIM at `file`, replacing it only once the new
    /// one is complete. Nothing is left at `file` if a page, a file or the text the full-text
    /// index is given of a question or article lets out what `forbidden` names (a `ZimError`),
    /// or if the site cannot be rendered (the build's `SiteError`).
    package func write(to file: URL, from builder: SiteBuilder, forbidden: ForbiddenContent,
                      progress: any BuildProgress = SilentProgress()) throws -> (ZimExportSummary, BuildSummary) {
        // Debian's libzim 8 indexes Chinese text as one word per run of characters unless
        // Xapian's CJK n-grams are on while the index is written (openZIM fixed this only in
        // libzim 9, openzim/libzim#806), so a two-character query would find nothing.
        setenv("XAPIAN_CJK_NGRAM", "1", 1)
        // Xapian keeps every document's postings in memory until it flushes, by default every
        // 10,000 documents; with CJK n-grams that alone grew an export of 10,000 questions by
        // hundreds of MiB over the build (BENCHMARKS.md, ZIM export).
        setenv("XAPIAN_FLUSH_THRESHOLD", String(Self.indexFlushDocuments), 1)
        let partial = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).partial")
        try? FileManager.default.removeItem(at: partial)
        let sink = try ZimSink(file: partial.path, indexLanguage: ZimMetadata.language(config.language).threeLetter,
                               workers: ProcessInfo.processInfo.activeProcessorCount, clusterBytes: Self.clusterBytes,
                               siteTitle: config.title, forbidden: forbidden)
        let summaries: (ZimExportSummary, BuildSummary)
        do {
            let built = try builder.stream(into: sink, progress: progress)
            let findings = sink.findings
            guard findings.isEmpty else { throw ZimError(file: builder.config.root.path, reason: .privacy(findings)) }
            summaries = (try sink.finish(metadata: metadata, mainPath: Self.mainPath), built)
        } catch {
            sink.discard()
            try? FileManager.default.removeItem(at: partial)
            // libzim's own message rather than the build's wrapping of it.
            if let failure = error as? SiteError, let zim = failure.underlying as? ZimError { throw zim }
            throw error
        }
        if rename(partial.path, file.path) != 0 {
            let why = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: partial)
            throw ZimError(file: file.path, reason: .cannotPlace(why))
        }
        return summaries
    }

    /// The entry Kiwix opens first: the home page.
    static let mainPath = "index.html"

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
package struct ZimExportSummary: Sendable, Equatable {
    package var pages = 0
    package var frontArticles = 0
    package var files = 0

    package var line: String { "\(pages) pages (\(frontArticles) front articles) and \(files) other files" }
}
