import Synchronization
import WenjinSite

/// The site as `SiteBuilder.stream` renders it, packed into the ZIM as it comes, on every core:
/// each file's MIME type, a page's head (title, front article or not), what the privacy check
/// finds in its bytes and in its index text, then libzim, one file at a time, while libzim's
/// workers compress and index what came before. Once anything withheld is found nothing more is
/// packed (the file will be removed), but every file is still checked, for the report.
final class ZimSink: SiteSink {
    private let siteTitle: String
    private let forbidden: ForbiddenContent
    private let state: Mutex<State>

    private struct State {
        var creator: ZimCreator?
        var summary = ZimExportSummary()
        var findings: [PrivacyFinding] = []
        var illustration: [UInt8]?
    }

    /// Starts the ZIM at `file` (see `ZimCreator`).
    init(file: String, indexLanguage: String, workers: Int, clusterBytes: Int, siteTitle: String,
         forbidden: ForbiddenContent) throws(ZimError) {
        self.siteTitle = siteTitle
        self.forbidden = forbidden
        let creator = try ZimCreator(file: file, indexLanguage: indexLanguage, workers: workers, clusterBytes: clusterBytes)
        state = Mutex(State(creator: creator))
    }

    func receive(_ bytes: [UInt8], at path: String, text: PageText?) throws {
        let mimeType = ZimContentType.of(path: path)
        var title = ""
        var frontArticle = false
        if ZimContentType.isPage(mimeType) {
            let head = PageHead(html: bytes[...], siteTitle: siteTitle)
            title = head.title
            frontArticle = !head.noIndex && ZimExport.isFrontArticle(path)
        }
        var found = bytes.withUnsafeBytes { forbidden.findings(in: $0, entry: path) }
        var indexing = ZimCreator.Indexing.none
        if frontArticle {
            indexing = text.map { .text(ZimIndexText($0)) } ?? .wholePage
            if let text { found += Self.findings(in: text, forbidden: forbidden) }
        }
        try state.withLock { state throws(ZimError) in
            state.findings += found
            if path == ZimIllustration.sitePath { state.illustration = bytes }
            guard state.findings.isEmpty, let creator = state.creator else { return }
            try creator.add(path: path, mimeType: mimeType, title: title, frontArticle: frontArticle, bytes: bytes, indexing: indexing)
            if ZimContentType.isPage(mimeType) { state.summary.pages += 1 } else { state.summary.files += 1 }
            if frontArticle { state.summary.frontArticles += 1 }
        }
    }

    /// The index's text is an output of its own (a ZIM's Xapian database), so it is checked as
    /// one: each page's text under the page's path, which decides what may appear where.
    private static func findings(in page: PageText, forbidden: ForbiddenContent) -> [PrivacyFinding] {
        var bytes = Array(page.title.utf8)
        for part in [page.text] + page.keywords {
            bytes.append(0x0A)
            bytes += part.utf8
        }
        return bytes.withUnsafeBytes { forbidden.findings(in: $0, entry: page.path) }
            .map { PrivacyFinding(file: "\(page.path) (full-text index)", finding: $0.finding) }
    }

    /// Everything the privacy check found, by entry (pages arrive from every core in any order).
    var findings: [PrivacyFinding] { state.withLock { $0.findings }.sorted { $0.description < $1.description } }

    /// Adds the main page, the metadata and the theme's icon, then writes the indexes and closes
    /// the file; what was packed.
    func finish(metadata: ZimMetadata, mainPath: String) throws(ZimError) -> ZimExportSummary {
        try state.withLock { state throws(ZimError) -> ZimExportSummary in
            guard let creator = state.creator else {
                throw ZimError(file: ZimIllustration.sitePath, reason: .libzim("the ZIM file is already closed"))
            }
            let illustration = try ZimIllustration(png: state.illustration)
            try creator.setMainPath(mainPath)
            for entry in metadata.entries { try creator.addMetadata(entry.name, entry.value) }
            try creator.addIllustration(size: ZimIllustration.size, png: illustration.png)
            state.creator = nil
            try creator.finish()
            return state.summary
        }
    }

    /// Frees the creator without finishing the file (libzim's workers stop); the caller removes it.
    func discard() {
        state.withLock { $0.creator = nil }
    }
}
