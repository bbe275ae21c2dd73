import WenjinBuildSupport

/// The whole index from scratch. Documents are numbered through an order (number → position
/// in the caller's list) rather than moved, so they are held once. A small index builds its
/// lists in one go; a large one first counts its terms (to know the shard count), then builds
/// the lists of a group of shards per pass, tokenizing again each time: that costs far less
/// than holding every posting list of the archive at once.
extension SearchIndex {
    /// About this much text per pass: the lists of a pass take about twice as much, and each
    /// pass tokenizes every document again, so the step's time grows with the square of the
    /// archive above one pass (BENCHMARKS.md, "Scale": 13 MB made 100,000 questions six
    /// tokenizations). 10,000 and 50,000 questions are one pass, 100,000 two after the count.
    static let textBytesPerPass = 32_000_000

    /// `sources` (one per document, nil: derived from the documents) are kept in the state.
    static func writeFull<Failure: Error>(
        documents: [SearchDocument], sources: [SearchSource]? = nil, layout: Layout, textBytesPerPass: Int = textBytesPerPass,
        to emit: (SearchIndexOutput) throws(Failure) -> Void
    ) throws(Failure) -> (report: SearchIndexReport, state: SearchIndexState) {
        let order = documents.indices.sorted { ranksBefore(documents[$0], documents[$1]) }
        let textBytes = textBytes(documents)
        var indexBytes = 0
        func add(_ file: MadeFile) throws(Failure) {
            indexBytes += file.stamp.bytes
            try emit(.file(file.file))
        }

        let passes = max(1, (textBytes + textBytesPerPass - 1) / max(1, textBytesPerPass))
        var shardCount = 0
        var estimate = 0
        var shardStamps: [SearchIndexState.Stamp] = []
        for pass in 0..<passes {
            if pass == 0 && passes > 1 {
                estimate = SearchTermCensus.estimatedBytes(documents: documents, order: order)
                shardCount = SearchIndex.shardCount(estimatedBytes: estimate, target: layout.targetShardBytes)
            }
            let postings: SearchPostings
            let range: Range<Int>
            if passes == 1 {
                postings = SearchPostings(documents: documents, order: order, filter: nil)
                estimate = postings.estimatedBytes
                shardCount = SearchIndex.shardCount(estimatedBytes: estimate, target: layout.targetShardBytes)
                range = 0..<shardCount
            } else {
                range = (shardCount * pass / passes)..<(shardCount * (pass + 1) / passes)
                if range.isEmpty { continue }
                postings = SearchPostings(documents: documents, order: order,
                                          filter: SearchPostings.Filter(shardCount: shardCount, shards: range))
            }
            let digits = SearchShardKey.digits(forShardCount: shardCount)
            // Files are made on every core, a few dozen at a time, and handed on in order.
            let shards = (consume postings).shards(count: shardCount, range: range)
            for start in stride(from: 0, to: shards.count, by: filesPerRound) {
                let files = ParallelWork.map(Array(shards[start..<min(shards.count, start + filesPerRound)])) { key, terms in
                    let name = key.name(digits: digits)
                    return MadeFile(path: SearchShardFile.path(name: name, layout: layout),
                                    bytes: SearchShardFile.render(name: name, entries: terms), terms: terms.count)
                }
                for file in files {
                    shardStamps.append(file.stamp)
                    try add(file)
                }
            }
        }

        var fileStamps: [SearchIndexState.Stamp] = []
        let fileNumbers = Array(0..<documentFileCount(order.count, layout))
        for round in stride(from: 0, to: fileNumbers.count, by: filesPerRound) {
            let files = ParallelWork.map(Array(fileNumbers[round..<min(fileNumbers.count, round + filesPerRound)])) { number in
                documentFile(number: number, count: order.count, layout: layout) { documents[order[$0]] }
            }
            for file in files {
                fileStamps.append(file.stamp)
                try add(file)
            }
        }
        let manifest = manifest(shardCount: shardCount, documents: order.count, layout: layout)
        try add(manifest)

        let report = SearchIndexReport(
            documents: order.count, terms: shardStamps.reduce(0) { $0 + $1.terms }, shards: shardCount,
            documentFiles: fileNumbers.count, textBytes: textBytes, indexBytes: indexBytes)
        let state = SearchIndexState(
            layout: layout, shardCount: shardCount, estimatedBytes: estimate, shards: shardStamps,
            documentFiles: fileStamps, manifest: manifest.stamp,
            records: .all(documents, sources: sources ?? documents.map(SearchSource.init(of:)), order: order))
        return (report, state)
    }
}
