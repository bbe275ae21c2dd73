/// The binary form of `SearchIndexState`: a magic string and version, the layout, shard count
/// and estimate, each file's stamp, then one record per document number (the caller's key and
/// digest, kind, title bit, weight, URL, title, text), then a checksum of all that precedes it.
enum SearchStateCoding {
    private static let magic: [UInt8] = Array("wenjin-search-state".utf8)
    /// Raised whenever the tokenizer, the shard key or a file format changes: an update trusts
    /// that unchanged documents still have the terms the previous files list for them.
    static let version: UInt8 = 3
    static var versionOffset: Int { magic.count }

    /// Kinds by their number in the encoding: a new kind goes last, or the version changes.
    private static let kinds: [SearchDocument.Kind] = [.question, .answer, .article, .topic, .user]

    /// The records of a state: every document from scratch, or the previous state's with some replaced.
    enum Records {
        /// Document number `n` is `documents[order[n]]`, made from `sources[order[n]]`.
        case all([SearchDocument], sources: [SearchSource], order: [Int])
        /// The previous records, those of `replaced` (ascending numbers) written anew, the others copied as they are.
        case patched(SearchIndexState.StoredDocuments, replaced: [(number: Int, document: SearchDocument, source: SearchSource)])
    }

    /// `state`'s layout and stamps (its documents are not read) with `records`, as bytes.
    static func encode(_ state: SearchIndexState, records: Records) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encodedBytes(state, records: records))
        encode(state, records: records) { bytes.append(contentsOf: $0) }
        return bytes
    }

    /// The same handed to `sink` a chunk at a time (`SearchStateWriter`), so the new state is
    /// never held whole beside the previous one it copies records from.
    static func encode(_ state: SearchIndexState, records: Records, into sink: (UnsafeRawBufferPointer) -> Void) {
        var writer = SearchStateWriter()
        for byte in magic { writer.byte(byte) }
        writer.byte(version)
        writer.string(state.layout.folder)
        writer.varint(state.layout.documentsPerFile)
        writer.varint(state.layout.snippetLength)
        writer.varint(state.layout.targetShardBytes)
        writer.varint(state.shardCount)
        writer.varint(state.estimatedBytes)
        for stamp in state.shards {
            writer.varint(stamp.bytes)
            writer.varint(stamp.terms)
            writer.word(stamp.hash)
            writer.drain(into: sink)
        }
        writer.varint(state.documentFiles.count)
        for stamp in state.documentFiles + [state.manifest] {
            writer.varint(stamp.bytes)
            writer.word(stamp.hash)
            writer.drain(into: sink)
        }
        switch records {
        case .all(let documents, let sources, let order):
            writer.varint(order.count)
            for position in order {
                write(documents[position], sources[position], to: &writer)
                writer.drain(into: sink)
            }
        case .patched(let previous, let replaced):
            writer.varint(previous.records.count)
            var copyFrom = previous.records.first?.bytes.lowerBound ?? 0
            for (number, document, source) in replaced {
                let record = previous.records[number]
                writer.raw(previous.storage[copyFrom..<record.bytes.lowerBound], draining: sink)
                write(document, source, to: &writer)
                copyFrom = record.bytes.upperBound
            }
            writer.raw(previous.storage[copyFrom..<(previous.records.last?.bytes.upperBound ?? copyFrom)], draining: sink)
        }
        writer.finish(into: sink)
    }

    /// At most the bytes of the encoding.
    private static func encodedBytes(_ state: SearchIndexState, records: Records) -> Int {
        let recordBytes = switch records {
        case .all(let documents, _, _): documents.reduce(0) { $0 + Self.recordBytes($1) }
        case .patched(let previous, let replaced): previous.storage.count + replaced.reduce(0) { $0 + Self.recordBytes($1.document) }
        }
        return recordBytes + 64 + state.layout.folder.utf8.count + (state.shards.count + state.documentFiles.count + 1) * 24
    }

    /// At most the bytes of a document's record.
    private static func recordBytes(_ document: SearchDocument) -> Int {
        56 + document.url.utf8.count + document.title.utf8.count + document.text.utf8.count
    }

    private static func write(_ document: SearchDocument, _ source: SearchSource, to writer: inout SearchStateWriter) {
        writer.word(source.key)
        writer.word(source.digest)
        writer.byte(kinds.firstIndex(of: document.kind).map(UInt8.init)!)
        writer.byte(document.indexesTitle ? 1 : 0)
        writer.signed(document.weight)
        writer.string(document.url)
        writer.string(document.title)
        writer.string(document.text)
    }

    static func decode(_ bytes: [UInt8]) throws(SearchStateError) -> SearchIndexState {
        func refuse(_ what: String) -> SearchStateError { SearchStateError(problem: what) }
        let header = magic.count + 1
        guard bytes.count >= header + 8, bytes.starts(with: magic) else { throw refuse("not a state file") }
        guard bytes.count <= Int(UInt32.max) else { throw refuse("larger than 4 GiB") }
        guard bytes[magic.count] == version else { throw refuse("version \(bytes[magic.count]) is not \(version)") }
        var reader = SearchStateReader(bytes, end: bytes.count - 8)
        let checksum = bytes.withUnsafeBytes { SearchContentHash.of(UnsafeRawBufferPointer(rebasing: $0[..<(bytes.count - 8)])) }
        let stored = bytes[(bytes.count - 8)...].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard stored == checksum else { throw refuse("checksum mismatch") }
        for _ in 0..<header { _ = reader.byte() }

        guard let folder = reader.range(), let folderText = String(validating: bytes[folder], as: UTF8.self),
              let perFile = reader.varint(), let snippet = reader.varint(), let target = reader.varint(),
              let shardCount = reader.varint(max: 4096), shardCount > 0, shardCount & (shardCount - 1) == 0,
              let estimate = reader.varint(max: Int.max)
        else { throw refuse("bad header") }
        var layout = SearchIndex.Layout()
        layout.folder = folderText
        layout.documentsPerFile = perFile
        layout.snippetLength = snippet
        layout.targetShardBytes = target

        var shards: [SearchIndexState.Stamp] = []
        shards.reserveCapacity(shardCount)
        for _ in 0..<shardCount {
            guard let size = reader.varint(), let terms = reader.varint(), let hash = reader.word() else { throw refuse("bad shard") }
            shards.append(SearchIndexState.Stamp(bytes: size, terms: terms, hash: hash))
        }
        guard let fileCount = reader.varint() else { throw refuse("bad file count") }
        var files: [SearchIndexState.Stamp] = []
        for _ in 0...fileCount {
            guard let size = reader.varint(), let hash = reader.word() else { throw refuse("bad file") }
            files.append(SearchIndexState.Stamp(bytes: size, terms: 0, hash: hash))
        }
        let manifest = files.removeLast()

        guard let count = reader.varint(), count <= bytes.count,
              SearchIndex.documentFileCount(count, layout) == fileCount
        else { throw refuse("bad document count") }
        var records: [SearchIndexState.Record] = []
        records.reserveCapacity(count)
        var textBytes = 0
        for _ in 0..<count {
            let start = reader.position
            guard let key = reader.word(), let digest = reader.word(),
                  let kind = reader.byte(), Int(kind) < kinds.count,
                  let indexesTitle = reader.byte(), indexesTitle <= 1, let weight = reader.signed(),
                  let url = reader.range(), let title = reader.range(), let text = reader.range()
            else { throw refuse("bad document") }
            textBytes += (indexesTitle == 1 ? title.count : 0) + text.count
            records.append(SearchIndexState.Record(key: key, digest: digest, kind: kinds[Int(kind)], indexesTitle: indexesTitle == 1,
                                  weight: weight, url: url, title: title, text: text, bytes: start..<reader.position))
        }
        guard reader.isAtEnd else { throw refuse("bytes after the last document") }
        return SearchIndexState(
            layout: layout, shardCount: shardCount, estimatedBytes: estimate, shards: shards, documentFiles: files,
            manifest: manifest, documents: .stored(SearchIndexState.StoredDocuments(storage: bytes, records: records, textBytes: textBytes)))
    }
}
