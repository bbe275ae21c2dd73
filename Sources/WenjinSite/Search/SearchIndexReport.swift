/// What a search index holds and what it costs, for the build summary and the benchmark.
public struct SearchIndexReport: Sendable, Equatable {
    public var documents: Int
    /// Distinct terms (words, single CJK characters and CJK bigrams).
    public var terms: Int
    public var shards: Int
    public var documentFiles: Int
    /// UTF-8 bytes of the titles and texts indexed.
    public var textBytes: Int
    /// Bytes of every file of the index (manifest, shards, document files).
    public var indexBytes: Int

    /// `indexBytes / textBytes`, or 0 for an empty index.
    public var sizeRatio: Double { textBytes == 0 ? 0 : Double(indexBytes) / Double(textBytes) }
}
