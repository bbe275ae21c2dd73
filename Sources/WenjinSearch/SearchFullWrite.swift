import WenjinBuildSupport

/// The whole index from scratch. Documents are numbered through an order (number → position
/// in the caller's list) rather than moved, so they are held once. Each document is tokenized
/// once: its terms go to a temporary file by group (`SearchPostings`), each group's lists are
/// joined into shard entries, which also count the index's size and so its shard count, and the
/// shards are then put together from their groups' entries a few dozen at a time
/// (docs/design.md#search).
extension SearchIndex {
    /// `sources` (one per document, nil: derived from the documents) are kept in the state;
    /// `groups` (a power of two) and `scratch` (the spill's folder, nil: `TMPDIR`) change how
    /// the lists are made, never the files.
    static func writeFull<Failure: Error>(
        documents: [SearchDocument], sources: [SearchSource]? = nil, layout: Layout, groups: Int = SearchPostings.defaultGroups,
        scratch: String? = nil, to emit: (SearchIndexOutput) throws(Failure) -> Void
    ) throws(Failure) -> (report: SearchIndexReport, state: SearchIndexState) {
        let order = documents.indices.sorted { ranksBefore(documents[$0], documents[$1]) }
        let textBytes = textBytes(documents)
        var indexBytes = 0
        func add(_ file: MadeFile) throws(Failure) {
            indexBytes += file.stamp.bytes
            try emit(.file(file.file))
        }

        let postings = SearchPostings(groups: groups, spill: SearchSpill(folder: scratch))
        let entries = postings.entries(runs: postings.spill(documents: documents, order: order))
        let estimate = entries.reduce(0) { $0 + $1.estimatedBytes }
        let shardCount = shardCount(estimatedBytes: estimate, target: layout.targetShardBytes)
        // A class is the groups and shards that share their low bits: a shard's terms are all
        // in its class's groups. Files are made on every core, about `filesPerRound` at a time.
        let classes = min(groups, shardCount)
        let classesPerRound = max(1, filesPerRound * classes / shardCount)
        var shardStamps = [SearchIndexState.Stamp](repeating: SearchIndexState.Stamp(bytes: 0, terms: 0, hash: 0), count: shardCount)
        for round in stride(from: 0, to: classes, by: classesPerRound) {
            let files = ParallelWork.map(Array(round..<min(classes, round + classesPerRound))) { number in
                shardFiles(ofClass: number, classes: classes, shardCount: shardCount, entries: entries, postings: postings, layout: layout)
            }
            for made in files.joined() {
                shardStamps[made.shard] = made.file.stamp
                try add(made.file)
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
            layout: layout, shardCount: shardCount, estimatedBytes: estimate, textBytes: textBytes, shards: shardStamps,
            documentFiles: fileStamps, manifest: manifest.stamp,
            records: .all(documents, sources: sources ?? documents.map(SearchSource.init(of:)), order: order))
        return (report, state)
    }

    /// The shard files of class `number`: shards `number`, `number + classes`, … made from the
    /// entries of groups `number`, `number + classes`, …; each group's entries are sorted by term,
    /// so a shard's are too unless it takes several groups.
    private static func shardFiles(ofClass number: Int, classes: Int, shardCount: Int, entries: [SearchPostings.Entries],
                                   postings: SearchPostings, layout: Layout) -> [(shard: Int, file: MadeFile)] {
        let groups = Array(stride(from: number, to: postings.groups, by: classes)).map { postings.spill.read(entries[$0].place) }
        var buckets = [[(group: Int, entry: Range<Int>, term: Range<Int>)]](repeating: [], count: shardCount / classes)
        for (group, bytes) in groups.enumerated() {
            var position = 0
            while position < bytes.count {
                var hash: UInt32 = 0
                for shift in 0..<4 { hash |= UInt32(bytes[position + shift]) << UInt32(8 * shift) }
                position += 4
                var count = 0
                var shift = 0
                while true {
                    let byte = bytes[position]
                    position += 1
                    count |= Int(byte & 0x7F) << shift
                    if byte & 0x80 == 0 { break }
                    shift += 7
                }
                let entry = position..<(position + count)
                // `"term":[…]`: the term ends at the first quote after the opening one.
                let close = bytes[(position + 1)...].firstIndex(of: UInt8(ascii: "\""))!
                buckets[(Int(hash) & (shardCount - 1)) / classes].append((group, entry, (position + 1)..<close))
                position = entry.upperBound
            }
        }
        let digits = SearchShardKey.digits(forShardCount: shardCount)
        return buckets.enumerated().map { index, bucket in
            var bucket = bucket
            if groups.count > 1 {
                bucket.sort { groups[$0.group][$0.term].lexicographicallyPrecedes(groups[$1.group][$1.term]) }
            }
            let shard = number + index * classes
            let name = SearchShardKey(number: shard).name(digits: digits)
            var bytes = SearchShardFile.header(name: name)
            for (index, item) in bucket.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                bytes += groups[item.group][item.entry]
            }
            bytes += SearchShardFile.footer
            return (shard, MadeFile(path: SearchShardFile.path(name: name, layout: layout), bytes: bytes, terms: bucket.count))
        }
    }
}
