// The search index: built at build time from `SearchDocument`s and written as plain `.js`
// files that `Themes/default/assets/js/search.js` loads with `<script>` tags, so search works
// from `file://` with no server. It owns the file format and the tokenizing rules shared with
// search.js; it must not read the store or render pages (the site build hands it documents).
//
// Files, under `search/` of the output:
//   index.js         wenjinSearch.configure({format, shards, digits, documents, documentsPerFile})
//   shard-XX.js      wenjinSearch.addShard("XX", {term: postings, ...}); XX = SearchShardKey
//   docs-N.js        wenjinSearch.addDocuments(N, [[title, url, kind, snippet text], ...])
// Documents are numbered by weight (highest first), so ranking by number is ranking by weight.
// A posting list holds one number per document containing the term, delta-coded:
// `(number - previous number) * 2 + (1 if the term is in the title)`, the first relative to 0.
//
// Each write returns a `SearchIndexState`, keyed by document; given it back with the same
// documents (by key) numbered the same way, the next write makes only the documents whose
// inputs changed and patches only the files they touch (`SearchIndexUpdate`), with the same
// bytes a full write would make. A full write tokenizes each document once and keeps its
// posting lists in a temporary file by group of terms (`SearchFullWrite`, `SearchPostings`),
// so the archive's lists are never all held.
//
// Page contract (in full at the top of search.js): the search page has an element
// `id="wenjin-search-results"` with `data-site-root` (the site root relative to the page) and
// optionally `data-search-index` (the index folder, default root + `search/`) and `data-label-*`
// UI strings, and loads `assets/js/search.js`; any page may have a script-free search form
// `<form action="…search.html"><input name="q" id="wenjin-search-input"></form>`.
import Foundation
import WenjinBuildSupport

/// The files of a search index over some documents, and what they cost.
package struct SearchIndex: Sendable {
    /// Sizes of the index's files; the defaults suit 10 to 100,000 documents.
    package struct Layout: Sendable, Equatable {
        /// Output folder of the index, relative to the site root.
        package var folder = "search"
        /// Small files, since a page of 20 results may need one file per result.
        package var documentsPerFile = 100
        /// Characters of each document's text kept for snippets.
        package var snippetLength = 240
        /// Shards are added (in powers of two, up to 4096) until an average shard holds about this much.
        package var targetShardBytes = 48 * 1024
        package init() {}
    }

    /// Manifest, shards and document files, sorted by path.
    package let files: [GeneratedFile]
    package let report: SearchIndexReport

    package init(documents: [SearchDocument], layout: Layout = Layout()) {
        var files: [GeneratedFile] = []
        report = SearchIndex.write(documents: documents, layout: layout) { files.append($0) }
        self.files = files.sorted { $0.path < $1.path }
    }

    /// Hands the index's files to `emit` one by one as they are made (shards, document files,
    /// then the manifest), so a large index is never in memory whole; returns the report.
    package static func write<Failure: Error>(
        documents: consuming [SearchDocument], layout: Layout = Layout(), to emit: (GeneratedFile) throws(Failure) -> Void
    ) throws(Failure) -> SearchIndexReport {
        try writeFull(documents: documents, layout: layout) { output throws(Failure) in
            if case .file(let file) = output { try emit(file) }
        }.report
    }

    /// Writes the index, patching the previous one when it can: with `previous` (the state the
    /// last write returned, for the output `previousFile` reads), one `SearchSource` per document
    /// whose keys are those of the previous documents under the same layout, only the documents
    /// whose source digest moved are made (`make`, by position in `sources`) and compared, and
    /// only the files a change touches are made (document files of changed documents, shards of
    /// terms they gained or lost, read through `previousFile` and patched); every other file is
    /// handed on as `.unchanged`. Otherwise (other keys, a changed URL, a weight that moves a
    /// document past a neighbour, anything unexpected in the state or a previous file) every
    /// document is made and every file written. Either way the files are byte for byte those of
    /// a full write. Returns the report, the state to keep for the next write, and whether it patched.
    package static func write<Failure: Error>(
        sources: [SearchSource], make: @Sendable (Int) -> SearchDocument, layout: Layout = Layout(), previous: SearchIndexState?,
        previousFile: (SitePath) -> Data?, to emit: (SearchIndexOutput) throws(Failure) -> Void
    ) throws(Failure) -> (report: SearchIndexReport, state: SearchIndexState, patched: Bool) {
        if let previous, let update = update(sources: sources, make: make, layout: layout, previous: previous,
                                             previousFile: previousFile) {
            for output in update.outputs { try emit(output) }
            return (update.report, update.state, true)
        }
        let documents = ParallelWork.map(Array(sources.indices), make)
        let (report, state) = try writeFull(documents: documents, sources: sources, layout: layout, to: emit)
        return (report, state, false)
    }

    /// Patches the previous index from the sources of only the documents that may have changed
    /// since `previous` was written (`changed`, any order; `make` by position in it), the
    /// caller vouching that the others are as `previous` records them and that there are
    /// `count` documents under the same keys: a rebuild then digests what changed, not the
    /// archive. Nil, with nothing handed to `emit`, when it cannot patch (a key of `changed`
    /// that `previous` lacks, another count or layout, anything `write(sources:…)` refuses):
    /// the caller then gives every document's source.
    package static func write<Failure: Error>(
        changed: [SearchSource], count: Int, make: (Int) -> SearchDocument, layout: Layout = Layout(), previous: SearchIndexState,
        previousFile: (SitePath) -> Data?, to emit: (SearchIndexOutput) throws(Failure) -> Void
    ) throws(Failure) -> (report: SearchIndexReport, state: SearchIndexState)? {
        guard let update = update(changed: changed, count: count, make: make, layout: layout, previous: previous,
                                  previousFile: previousFile) else { return nil }
        for output in update.outputs { try emit(output) }
        return (update.report, update.state)
    }

    /// The same for documents already made, each keyed by its URL (`SearchSource(of:)`).
    package static func write<Failure: Error>(
        documents: consuming [SearchDocument], layout: Layout = Layout(), previous: SearchIndexState?,
        previousFile: (SitePath) -> Data?, to emit: (SearchIndexOutput) throws(Failure) -> Void
    ) throws(Failure) -> (report: SearchIndexReport, state: SearchIndexState) {
        let documents = consume documents
        let written = try write(sources: documents.map(SearchSource.init(of:)), make: { documents[$0] }, layout: layout,
                                previous: previous, previousFile: previousFile, to: emit)
        return (written.report, written.state)
    }

    /// How many files are made at once: enough to keep every core busy, few enough that the
    /// files of a large index are never in memory together.
    static let filesPerRound = 64

    /// Heavier documents first; ties by URL, then title, so the numbering never depends on input order.
    static func ranksBefore(_ a: SearchDocument, _ b: SearchDocument) -> Bool {
        if a.weight != b.weight { return a.weight > b.weight }
        if a.url != b.url { return a.url < b.url }
        if a.title != b.title { return a.title < b.title }
        return a.text < b.text
    }

    static func shardCount(estimatedBytes: Int, target: Int) -> Int {
        var count = 1
        while count < 4096 && estimatedBytes / count > max(1, target) { count *= 2 }
        return count
    }
}
