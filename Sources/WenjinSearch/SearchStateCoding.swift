import WenjinBuildSupport

/// The binary form of `SearchIndexState`: a magic string and version; then one record per
/// document number (kind, title bit, weight, URL, title, text: `Fields`), each sealed apart; then
/// the skeleton: the layout, shard count, estimate, text bytes, each file's stamp, the document
/// count and a table of 32 bytes per document (the caller's key and digest, where its record
/// lies, its record's seal), followed by where the skeleton starts and the skeleton's seal,
/// which ends the bytes. A rebuild reads the skeleton whole (14 MB at 100,000 questions, of 93)
/// and a record only when a patch needs it, checking it against its seal then: a damaged record
/// never read is not found (docs/design.md#search).
enum SearchStateCoding {
    private static let magic: [UInt8] = Array("wenjin-search-state".utf8)
    /// Raised whenever the tokenizer, the shard key or a file format changes: an update trusts
    /// that unchanged documents still have the terms the previous files list for them.
    static let version: UInt8 = 4
    static var versionOffset: Int { magic.count }
    /// Bytes of a document's entry in the table.
    static let tableEntry = 32

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
    /// never held whole beside the previous one it copies records from; only its table is.
    /// Returns the bytes' count and their seal, which the state's journal names it by.
    @discardableResult
    static func encode(_ state: SearchIndexState, records: Records,
                       into sink: (UnsafeRawBufferPointer) -> Void) -> SearchIndexState.Written {
        var writer = SearchStateWriter(checksummed: false)
        for byte in magic { writer.byte(byte) }
        writer.byte(version)
        var table = Table()
        let count: Int
        var copied = true
        switch records {
        case .all(let documents, let sources, let order):
            count = order.count
            table.reserve(count)
            for position in order {
                let start = writer.count
                let seal = writeFields(documents[position], to: &writer)
                table.add(key: sources[position].key, digest: sources[position].digest, bytes: start..<writer.count, seal: seal)
                writer.drain(into: sink)
            }
        case .patched(let previous, let replaced):
            count = previous.records.count
            table.reserve(count)
            // Unchanged records are copied as they are, in runs that lie together, from the
            // previous state's file when it stayed there (or its journal), with their seals; a
            // copy that fails spoils the seal, so the next build writes the whole index.
            var run: Range<Int>?
            func copyRun() {
                guard let pending = run else { return }
                copied = previous.forEachChunk(of: pending) { writer.raw($0, draining: sink) } && copied
                run = nil
            }
            // Where the next record lands: copied runs are written in order as well.
            var position = writer.count
            var next = replaced.startIndex
            for (number, record) in previous.records.enumerated() {
                if next < replaced.endIndex && replaced[next].number == number {
                    copyRun()
                    let seal = writeFields(replaced[next].document, to: &writer)
                    table.add(key: replaced[next].source.key, digest: replaced[next].source.digest, bytes: position..<writer.count,
                              seal: seal)
                    position = writer.count
                    writer.drain(into: sink)
                    next += 1
                    continue
                }
                let bytes = record.bytes
                table.add(key: record.key, digest: record.digest, bytes: position..<(position + bytes.count), seal: record.seal)
                position += bytes.count
                if let pending = run, pending.upperBound == bytes.lowerBound {
                    run = pending.lowerBound..<bytes.upperBound
                } else {
                    copyRun()
                    run = bytes
                }
            }
            copyRun()
        }
        // The skeleton, sealed apart from the records before it.
        writer.flush(into: sink)
        let skeletonStart = writer.count
        writer.restartChecksum()
        writeHeader(state, to: &writer, draining: sink)
        writer.varint(count)
        writer.raw(table.bytes[...], draining: sink)
        writer.word(UInt64(skeletonStart))
        let checksum = writer.finish(into: sink, spoiled: !copied)
        return SearchIndexState.Written(count: writer.count, checksum: checksum)
    }

    /// The table of a state being written: 32 bytes per document.
    private struct Table {
        var bytes: [UInt8] = []

        mutating func reserve(_ count: Int) { bytes.reserveCapacity(count * SearchStateCoding.tableEntry) }

        mutating func add(key: UInt64, digest: UInt64, bytes range: Range<Int>, seal: UInt64) {
            withUnsafeBytes(of: key.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: digest.littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: UInt32(range.lowerBound).littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: UInt32(range.count).littleEndian) { bytes.append(contentsOf: $0) }
            withUnsafeBytes(of: seal.littleEndian) { bytes.append(contentsOf: $0) }
        }
    }

    /// The layout, shard count, estimate, text bytes and every file's stamp, as a state's
    /// skeleton and its journal begin.
    static func writeHeader(_ state: SearchIndexState, to writer: inout SearchStateWriter,
                            draining sink: (UnsafeRawBufferPointer) -> Void) {
        writer.string(state.layout.folder)
        writer.varint(state.layout.documentsPerFile)
        writer.varint(state.layout.snippetLength)
        writer.varint(state.layout.targetShardBytes)
        writer.varint(state.shardCount)
        writer.varint(state.estimatedBytes)
        writer.varint(state.textBytes)
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
    }

    /// At most the bytes of the encoding.
    private static func encodedBytes(_ state: SearchIndexState, records: Records) -> Int {
        let recordBytes = switch records {
        case .all(let documents, _, _): documents.reduce(0) { $0 + Self.recordBytes($1) }
        case .patched(let previous, let replaced):
            previous.records.reduce(0) { $0 + $1.bytes.count + tableEntry } + replaced.reduce(0) { $0 + Self.recordBytes($1.document) }
        }
        return recordBytes + 96 + state.layout.folder.utf8.count + (state.shards.count + state.documentFiles.count + 1) * 24
    }

    /// At most the bytes of a document's record and its entry in the table.
    private static func recordBytes(_ document: SearchDocument) -> Int {
        40 + tableEntry + document.url.utf8.count + document.title.utf8.count + document.text.utf8.count
    }

    /// A document's record (`Fields`); returns its seal.
    static func writeFields(_ document: SearchDocument, to writer: inout SearchStateWriter) -> UInt64 {
        let mark = writer.buffered
        writer.byte(kinds.firstIndex(of: document.kind).map(UInt8.init)!)
        writer.byte(document.indexesTitle ? 1 : 0)
        writer.signed(document.weight)
        writer.string(document.url)
        writer.string(document.title)
        writer.string(document.text)
        return writer.hash(since: mark)
    }

    /// A record as `writeFields` wrote it, nil when `bytes` are not exactly one.
    static func fields(_ bytes: [UInt8]) -> SearchIndexState.Fields? {
        var reader = SearchStateReader(bytes, end: bytes.count)
        guard let kind = reader.byte(), Int(kind) < kinds.count, let indexesTitle = reader.byte(), indexesTitle <= 1,
              let weight = reader.signed(), let url = reader.range(), let title = reader.range(), let text = reader.range(),
              reader.isAtEnd else { return nil }
        return SearchIndexState.Fields(bytes: bytes, kind: kinds[Int(kind)], indexesTitle: indexesTitle == 1, weight: weight,
                                       url: url, title: title, text: text)
    }

    static func decode(_ bytes: [UInt8]) throws(SearchStateError) -> SearchIndexState {
        try decode(count: bytes.count, storage: .bytes(bytes), read: { range in
            guard range.lowerBound >= 0, range.upperBound <= bytes.count else { return nil }
            return Array(bytes[range])
        })
    }

    /// The same from a file left where it is: only its skeleton is read, so a rebuild holds
    /// neither the previous documents' texts nor the file (93 MB at 100,000 questions; docs/design.md#search).
    static func decode(file: ReadableFile) throws(SearchStateError) -> SearchIndexState {
        try decode(count: file.count, storage: .file(file), read: file.read)
    }

    /// Reads the head, then the skeleton whole, checked against its seal before any of it is decoded.
    private static func decode(count: Int, storage: SearchIndexState.StoredDocuments.Storage,
                               read: (Range<Int>) -> [UInt8]?) throws(SearchStateError) -> SearchIndexState {
        func refuse(_ what: String) -> SearchStateError { SearchStateError(problem: what) }
        let header = magic.count + 1
        guard count >= header + 16, let head = read(0..<header), head.starts(with: magic) else { throw refuse("not a state file") }
        guard count <= Int(UInt32.max) else { throw refuse("larger than 4 GiB") }
        guard head[magic.count] == version else { throw SearchStateError(version: head[magic.count], expected: version) }
        guard let tail = read((count - 16)..<count) else { throw refuse("unreadable") }
        let skeletonStart = Int(truncatingIfNeeded: min(littleEndianWord(tail[..<8]), UInt64(UInt32.max)))
        let stored = littleEndianWord(tail[8...])
        guard skeletonStart >= header, skeletonStart <= count - 16 else { throw refuse("bad skeleton") }
        guard let skeleton = read(skeletonStart..<(count - 8)) else { throw refuse("unreadable") }
        guard SearchContentHash.of(skeleton) == stored else { throw refuse("checksum mismatch") }
        var reader = SearchStateReader(skeleton, end: skeleton.count - 8)
        let parts = try decodeHeader(&reader)
        guard let documents = reader.varint(), documents <= count,
              SearchIndex.documentFileCount(documents, parts.layout) == parts.documentFiles.count,
              reader.end - reader.position == documents * tableEntry else { throw refuse("bad document count") }
        var records: [SearchIndexState.Record] = []
        records.reserveCapacity(documents)
        let valid = skeleton.withUnsafeBytes { buffer in
            var at = reader.position
            for _ in 0..<documents {
                let key = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                let digest = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: at + 8, as: UInt64.self))
                let start = Int(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: at + 16, as: UInt32.self)))
                let length = Int(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: at + 20, as: UInt32.self)))
                let seal = UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: at + 24, as: UInt64.self))
                guard start >= header, length > 0, start + length <= skeletonStart else { return false }
                records.append(SearchIndexState.Record(key: key, digest: digest, bytes: start..<(start + length), seal: seal))
                at += tableEntry
            }
            return true
        }
        guard valid else { throw refuse("bad document") }
        return SearchIndexState(
            layout: parts.layout, shardCount: parts.shardCount, estimatedBytes: parts.estimate, textBytes: parts.textBytes,
            shards: parts.shards, documentFiles: parts.documentFiles, manifest: parts.manifest,
            documents: .stored(SearchIndexState.StoredDocuments(storage: storage, records: records, checksum: stored)))
    }

    /// What `writeHeader` wrote.
    struct Header {
        var layout: SearchIndex.Layout
        var shardCount: Int
        var estimate: Int
        var textBytes: Int
        var shards: [SearchIndexState.Stamp]
        var documentFiles: [SearchIndexState.Stamp]
        var manifest: SearchIndexState.Stamp
    }

    static func decodeHeader(_ reader: inout SearchStateReader) throws(SearchStateError) -> Header {
        func refuse(_ what: String) -> SearchStateError { SearchStateError(problem: what) }
        guard let folder = reader.range(), let folderText = String(validating: reader.bytes[folder], as: UTF8.self),
              let perFile = reader.varint(), let snippet = reader.varint(), let target = reader.varint(),
              let shardCount = reader.varint(max: 4096), let estimate = reader.varint(max: Int.max),
              let textBytes = reader.varint(max: Int.max),
              shardCount > 0, shardCount & (shardCount - 1) == 0 else { throw refuse("bad header") }
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
        return Header(layout: layout, shardCount: shardCount, estimate: estimate, textBytes: textBytes, shards: shards,
                      documentFiles: files, manifest: manifest)
    }

    static func littleEndianWord(_ bytes: some Collection<UInt8>) -> UInt64 {
        bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
}
