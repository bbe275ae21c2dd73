/// What a search index holds and what it costs, for the build summary and the benchmark.
package struct SearchIndexReport: Sendable, Equatable, CustomStringConvertible {
    package var documents: Int
    /// Distinct terms (words, single CJK characters and CJK bigrams).
    package var terms: Int
    package var shards: Int
    package var documentFiles: Int
    /// UTF-8 bytes of the titles and texts indexed (borrowed titles are not).
    package var textBytes: Int
    /// Bytes of every file of the index (manifest, shards, document files).
    package var indexBytes: Int

    /// `indexBytes / textBytes`, or 0 for an empty index.
    package var sizeRatio: Double { textBytes == 0 ? 0 : Double(indexBytes) / Double(textBytes) }

    /// `search index: 4210 documents, 1.8 MB for 2.3 MB of text (0.78×), 64 shards`
    package var description: String {
        let ratio = (sizeRatio * 100).rounded() / 100
        return "search index: \(documents) documents, \(SearchIndexReport.megabytes(indexBytes)) for "
            + "\(SearchIndexReport.megabytes(textBytes)) of text (\(ratio)×), \(shards) shards"
    }

    private static func megabytes(_ bytes: Int) -> String {
        "\((Double(bytes) / 100_000).rounded() / 10) MB"
    }
}
