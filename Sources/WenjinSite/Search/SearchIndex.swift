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
// Page contract (in full at the top of search.js): the search page has an element
// `id="wenjin-search-results"` with `data-site-root` (the site root relative to the page) and
// optionally `data-search-index` (the index folder, default root + `search/`) and `data-label-*`
// UI strings, and loads `assets/js/search.js`; any page may have a script-free search form
// `<form action="…search.html"><input name="q" id="wenjin-search-input"></form>`.

/// The files of a search index over some documents, and what they cost.
public struct SearchIndex: Sendable {
    /// Sizes of the index's files; the defaults suit 10 to 100,000 documents.
    public struct Layout: Sendable, Equatable {
        /// Output folder of the index, relative to the site root.
        public var folder = "search"
        /// Small files, since a page of 20 results may need one file per result.
        public var documentsPerFile = 100
        /// Characters of each document's text kept for snippets.
        public var snippetLength = 240
        /// Shards are added (in powers of two, up to 4096) until an average shard holds about this much.
        public var targetShardBytes = 48 * 1024
        public init() {}
    }

    /// Manifest, shards and document files, sorted by path.
    public let files: [GeneratedFile]
    public let report: SearchIndexReport

    public init(documents: [SearchDocument], layout: Layout = Layout()) {
        var files: [GeneratedFile] = []
        report = SearchIndex.write(documents: documents, layout: layout) { files.append($0) }
        self.files = files.sorted { $0.path < $1.path }
    }

    /// Hands the index's files to `emit` one by one as they are made (shards, document files,
    /// then the manifest), so a large index is never in memory whole; returns the report.
    public static func write<Failure: Error>(
        documents: consuming [SearchDocument], layout: Layout = Layout(), to emit: (GeneratedFile) throws(Failure) -> Void
    ) throws(Failure) -> SearchIndexReport {
        // Sorted in place: a caller handing over its only copy pays for one list, not two.
        var sorting = consume documents
        sorting.sort(by: SearchIndex.ranksBefore)
        let ordered = consume sorting
        var indexBytes = 0
        func add(_ file: GeneratedFile) throws(Failure) {
            indexBytes += file.contents.count
            try emit(file)
        }
        let postings = SearchPostings(documents: ordered)
        let termCount = postings.termCount
        let shardCount = SearchIndex.shardCount(estimatedBytes: postings.estimatedBytes, target: layout.targetShardBytes)
        let digits = SearchShardKey.digits(forShardCount: shardCount)

        // Files are made on every core, a few dozen at a time, and handed on in order.
        let shards = (consume postings).shards(count: shardCount)
        for start in stride(from: 0, to: shards.count, by: filesPerRound) {
            let files = ParallelWork.map(Array(shards[start..<min(shards.count, start + filesPerRound)])) { key, terms in
                SearchIndex.shardFile(key: key, terms: terms, digits: digits, layout: layout)
            }
            for file in files { try add(file) }
        }
        let perFile = max(1, layout.documentsPerFile)
        let starts = Array(stride(from: 0, to: ordered.count, by: perFile))
        for round in stride(from: 0, to: starts.count, by: filesPerRound) {
            let files = ParallelWork.map(Array(starts[round..<min(starts.count, round + filesPerRound)])) { start in
                SearchIndex.documentFile(ordered[start..<min(ordered.count, start + perFile)], number: start / perFile, layout: layout)
            }
            for file in files { try add(file) }
        }
        let documentFiles = starts.count
        let manifest = "wenjinSearch.configure({\"format\":1,\"shards\":\(shardCount),\"digits\":\(digits),"
            + "\"documents\":\(ordered.count),\"documentsPerFile\":\(perFile)});\n"
        try add(GeneratedFile(path: "\(layout.folder)/index.js", text: manifest))

        return SearchIndexReport(
            documents: ordered.count, terms: termCount, shards: shardCount, documentFiles: documentFiles,
            textBytes: ordered.reduce(0) { $0 + ($1.indexesTitle ? $1.title.utf8.count : 0) + $1.text.utf8.count },
            indexBytes: indexBytes)
    }

    /// How many files are made at once: enough to keep every core busy, few enough that the
    /// files of a large index are never in memory together.
    private static let filesPerRound = 64

    private static func shardFile(key: SearchShardKey, terms: [(term: String, postings: [UInt32])], digits: Int,
                                  layout: Layout) -> GeneratedFile {
        let name = key.name(digits: digits)
        var text = "wenjinSearch.addShard(\"\(name)\",{"
        for (index, entry) in terms.enumerated() {
            if index > 0 { text.append(",") }
            JavaScriptLiteral.appendString(entry.term, to: &text)
            text.append(":[")
            appendDeltas(entry.postings, to: &text)
            text.append("]")
        }
        text.append("});\n")
        return GeneratedFile(path: "\(layout.folder)/shard-\(name).js", text: text)
    }

    private static func documentFile(_ documents: ArraySlice<SearchDocument>, number: Int, layout: Layout) -> GeneratedFile {
        var text = "wenjinSearch.addDocuments(\(number),["
        for (offset, document) in documents.enumerated() {
            if offset > 0 { text.append(",\n") }
            text.append("[")
            JavaScriptLiteral.appendString(document.title, to: &text)
            text.append(",")
            JavaScriptLiteral.appendString(document.url, to: &text)
            text.append(",\"\(document.kind.rawValue)\",")
            JavaScriptLiteral.appendString(String(document.text.prefix(layout.snippetLength)), to: &text)
            text.append("]")
        }
        text.append("]);\n")
        return GeneratedFile(path: "\(layout.folder)/docs-\(number).js", text: text)
    }

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

    private static func appendDeltas(_ postings: [UInt32], to text: inout String) {
        var previous: UInt32 = 0
        for (index, posting) in postings.enumerated() {
            let document = posting >> 1
            if index > 0 { text.append(",") }
            text.append(String((document - previous) << 1 | (posting & 1)))
            previous = document
        }
    }
}
