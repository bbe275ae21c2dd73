import Foundation
import WenjinSearch

/// What a build did, for the closing line of `wenjin build` and for tests.
package struct BuildSummary: Sendable, Equatable {
    /// Pages whose bytes changed or that are new.
    package var pagesWritten = 0
    /// Pages identical to the previous build's, carried over without rewriting.
    package var pagesUnchanged = 0
    /// Other files (images, theme assets, libraries, indexes), written or carried over.
    package var filesWritten = 0
    package var filesUnchanged = 0
    /// Bodies sanitized by this build, and bodies taken from the store's cache.
    package var bodiesSanitized = 0
    package var bodiesCached = 0
    /// Bodies whose raw HTML was read from the store; the others were unchanged since the
    /// last build (the store's change counter, the body ledger and the bodies known to be
    /// empty vouch for them).
    package var bodiesRead = 0
    /// Bodies of rows unchanged since the last build looked up in the store one by one: those
    /// neither the body ledger nor the bodies known to be empty (`EmptyBodies`) vouch for, and
    /// those whose ledger entry no longer stands (a link now leads elsewhere).
    package var bodiesLookedUp = 0
    /// Pages whose inputs this build walked for their fingerprint (`PlanFingerprints`); the
    /// others kept the last build's, none of their inputs having changed.
    package var pagesFingerprinted = 0
    /// Whether the output held this build's images already, carried over whole rather than
    /// listed and checked one by one (`SiteFileList.imagesCarried`).
    package var imagesCarried = false
    /// Whether the lookups that walk the whole archive were the last build's (`KeptLookups`),
    /// no list, order or ID having changed since, rather than made.
    package var lookupsKept = false
    /// What the search index holds and costs.
    package var search: SearchIndexReport?
    /// Wall-clock time of the whole build.
    package var seconds = 0.0

    package init() {}

    package var pages: Int { pagesWritten + pagesUnchanged }

    /// One line: `2,345 pages (12 written, 2,333 unchanged), 40 files, …, 1.2 s`.
    package var line: String {
        "\(pages) pages (\(pagesWritten) written, \(pagesUnchanged) unchanged), "
            + "\(filesWritten + filesUnchanged) other files (\(filesWritten) written), "
            + (search.map { "search index \($0.indexBytes / 1024) KiB for \($0.textBytes / 1024) KiB of text, " } ?? "")
            + "\(bodiesRead) bodies read, \(bodiesSanitized) sanitized, \(bodiesCached) from cache, "
            + String(format: "%.2f s", seconds)
    }
}

extension BuildSummary {
    /// A summary that starts with what the sanitize step did to `bodies`.
    init(bodies: SanitizedBodies) {
        self.init()
        bodiesSanitized = bodies.sanitizedCount
        bodiesCached = bodies.cachedCount
        bodiesRead = bodies.readCount
        bodiesLookedUp = bodies.lookedUpCount
    }
}
