import WenjinBuildSupport

/// The binary form of `SearchIndexState`: a magic string and version, the layout, shard count
/// and estimate, each file's stamp, then one record per document number (the caller's key and
/// digest, kind, title bit, weight, URL, title, text), then a checksum of all that precedes it.
enum SearchStateCoding {
    private static let magic: [UInt8] = Array("wenjin-search-state".utf8)
    /// Raised whenever the tokenizer, the shard key or a file format changes: an update trusts
    /// that unchanged documents still have the terms the previous files list for them.
    static let version: UInt8 = 3
    static var versionOffset: Int { magic.count }
    /// Bytes of a state file read at a time while decoding it.
    package static let window = 4 << 20

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
    /// Returns the bytes' count and their checksum, which the state's journal names it by.
    @discardableResult
    static func encode(_ state: SearchIndexState, records: Records,
                       into sink: (UnsafeRawBufferPointer) -> Void) -> SearchIndexState.Written {
        var writer = SearchStateWriter()
        for byte in magic { writer.byte(byte) }
        writer.byte(version)
        writeHeader(state, to: &writer, draining: sink)
        switch records {
        case .all(let documents, let sources, let order):
            writer.varint(order.count)
            for position in order {
                write(documents[position], sources[position], to: &writer)
                writer.drain(into: sink)
            }
            let checksum = writer.finish(into: sink)
            return SearchIndexState.Written(count: writer.count, checksum: checksum)
        case .patched(let previous, let replaced):
            writer.varint(previous.records.count)
            // Unchanged records are copied as they are, in runs that lie together, from the
            // previous state's file when it stayed there (or its journal); a copy that fails
            // spoils the checksum, so the next build writes the whole index.
            var copied = true
            var run: Range<Int>?
            func copyRun() {
                guard let pending = run else { return }
                copied = previous.forEachChunk(of: pending) { writer.raw($0, draining: sink) } && copied
                run = nil
            }
            var next = replaced.startIndex
            for number in previous.records.indices {
                if next < replaced.endIndex && replaced[next].number == number {
                    copyRun()
                    write(replaced[next].document, replaced[next].source, to: &writer)
                    writer.drain(into: sink)
                    next += 1
                    continue
                }
                let bytes = previous.records[number].bytes
                if let pending = run, pending.upperBound == bytes.lowerBound {
                    run = pending.lowerBound..<bytes.upperBound
                } else {
                    copyRun()
                    run = bytes
                }
            }
            copyRun()
            let checksum = writer.finish(into: sink, spoiled: !copied)
            return SearchIndexState.Written(count: writer.count, checksum: checksum)
        }
    }

    /// The layout, shard count, estimate and every file's stamp, as a state and its journal begin.
    static func writeHeader(_ state: SearchIndexState, to writer: inout SearchStateWriter,
                            draining sink: (UnsafeRawBufferPointer) -> Void) {
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
    }

    /// At most the bytes of the encoding.
    private static func encodedBytes(_ state: SearchIndexState, records: Records) -> Int {
        let recordBytes = switch records {
        case .all(let documents, _, _): documents.reduce(0) { $0 + Self.recordBytes($1) }
        case .patched(let previous, let replaced): (previous.records.last?.bytes.upperBound ?? 0) + replaced.reduce(0) { $0 + Self.recordBytes($1.document) }
        }
        return recordBytes + 64 + state.layout.folder.utf8.count + (state.shards.count + state.documentFiles.count + 1) * 24
    }

    /// At most the bytes of a document's record.
    private static func recordBytes(_ document: SearchDocument) -> Int {
        56 + document.url.utf8.count + document.title.utf8.count + document.text.utf8.count
    }

    static func write(_ document: SearchDocument, _ source: SearchSource, to writer: inout SearchStateWriter) {
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
        try decode(count: bytes.count, storage: .bytes(bytes), window: bytes.count, read: { range, window in
            guard range.upperBound <= bytes.count else { return false }
            window += bytes[range]
            return true
        })
    }

    /// The same from a file left where it is: it is read a window at a time and only the records'
    /// offsets are kept, so a rebuild holds neither the previous documents' texts nor the file
    /// (93 MB at 100,000 questions; docs/design.md#search).
    static func decode(file: ReadableFile, window: Int = window) throws(SearchStateError) -> SearchIndexState {
        try decode(count: file.count, storage: .file(file), window: max(1, window), read: { file.read($0, appendingTo: &$1) })
    }

    /// Reads the bytes once, in order: the checksum is taken of the windows as they are decoded
    /// and compared at the end, so nothing decoded is used before it is checked.
    private static func decode(count: Int, storage: SearchIndexState.StoredDocuments.Storage, window size: Int,
                               read: @escaping (Range<Int>, inout [UInt8]) -> Bool) throws(SearchStateError) -> SearchIndexState {
        func refuse(_ what: String) -> SearchStateError { SearchStateError(problem: what) }
        let header = magic.count + 1
        var head: [UInt8] = []
        guard count >= header + 8, read(0..<header, &head), head.starts(with: magic) else { throw refuse("not a state file") }
        guard count <= Int(UInt32.max) else { throw refuse("larger than 4 GiB") }
        guard head[magic.count] == version else { throw refuse("version \(head[magic.count]) is not \(version)") }
        var tail: [UInt8] = []
        guard read((count - 8)..<count, &tail) else { throw refuse("unreadable") }
        let stored = littleEndianWord(tail)
        var windows = try SearchStateWindows(head: head, end: count - 8, window: size, read: read)
        let parts = try decodeHeader(&windows)
        guard let documents = try windows.next({ reader, _ in reader.varint() }), documents <= count else {
            throw refuse("bad document count")
        }
        guard SearchIndex.documentFileCount(documents, parts.layout) == parts.documentFiles.count else { throw refuse("bad document count") }
        var records: [SearchIndexState.Record] = []
        records.reserveCapacity(documents)
        var textBytes = 0
        func add(_ record: SearchIndexState.Record) {
            textBytes += (record.indexesTitle ? record.title.count : 0) + record.text.count
            records.append(record)
        }
        while records.count < documents {
            // Straight from the window while whole records lie in it; one cut by its end by `next`.
            _ = windows.parseInWindow(upTo: documents - records.count) { buffer, position, offset in
                guard let record = Self.record(in: buffer, at: &position, offset: offset) else { return false }
                add(record)
                return true
            }
            guard records.count < documents else { break }
            guard let record = try windows.next(Self.record) else { throw refuse("bad document") }
            add(record)
        }
        try windows.finished(checksum: stored)
        return SearchIndexState(
            layout: parts.layout, shardCount: parts.shardCount, estimatedBytes: parts.estimate, shards: parts.shards,
            documentFiles: parts.documentFiles, manifest: parts.manifest,
            documents: .stored(SearchIndexState.StoredDocuments(storage: storage, records: records, textBytes: textBytes,
                                                                 checksum: stored)))
    }

    /// What `writeHeader` wrote.
    struct Header {
        var layout: SearchIndex.Layout
        var shardCount: Int
        var estimate: Int
        var shards: [SearchIndexState.Stamp]
        var documentFiles: [SearchIndexState.Stamp]
        var manifest: SearchIndexState.Stamp
    }

    static func decodeHeader(_ windows: inout SearchStateWindows) throws(SearchStateError) -> Header {
        func refuse(_ what: String) -> SearchStateError { SearchStateError(problem: what) }
        typealias Fields = (folder: String, perFile: Int, snippet: Int, target: Int, shardCount: Int, estimate: Int)
        guard let (folderText, perFile, snippet, target, shardCount, estimate) = try windows.next({ (reader, _) -> Fields? in
            guard let folder = reader.range(), let folderText = String(validating: reader.bytes[folder], as: UTF8.self),
                  let perFile = reader.varint(), let snippet = reader.varint(), let target = reader.varint(),
                  let shardCount = reader.varint(max: 4096), let estimate = reader.varint(max: Int.max) else { return nil }
            return (folderText, perFile, snippet, target, shardCount, estimate)
        }), shardCount > 0, shardCount & (shardCount - 1) == 0 else { throw refuse("bad header") }
        var layout = SearchIndex.Layout()
        layout.folder = folderText
        layout.documentsPerFile = perFile
        layout.snippetLength = snippet
        layout.targetShardBytes = target

        var shards: [SearchIndexState.Stamp] = []
        shards.reserveCapacity(shardCount)
        for _ in 0..<shardCount {
            guard let stamp = try windows.next({ reader, _ -> SearchIndexState.Stamp? in
                guard let size = reader.varint(), let terms = reader.varint(), let hash = reader.word() else { return nil }
                return SearchIndexState.Stamp(bytes: size, terms: terms, hash: hash)
            }) else { throw refuse("bad shard") }
            shards.append(stamp)
        }
        guard let fileCount = try windows.next({ reader, _ in reader.varint() }) else { throw refuse("bad file count") }
        var files: [SearchIndexState.Stamp] = []
        for _ in 0...fileCount {
            guard let stamp = try windows.next({ reader, _ -> SearchIndexState.Stamp? in
                guard let size = reader.varint(), let hash = reader.word() else { return nil }
                return SearchIndexState.Stamp(bytes: size, terms: 0, hash: hash)
            }) else { throw refuse("bad file") }
            files.append(stamp)
        }
        let manifest = files.removeLast()
        return Header(layout: layout, shardCount: shardCount, estimate: estimate, shards: shards, documentFiles: files, manifest: manifest)
    }

    /// One record as `write(_:_:to:)` wrote it, its ranges shifted by `offset`, the file offset of the reader's bytes.
    static func record(_ reader: inout SearchStateReader, offset: Int) -> SearchIndexState.Record? {
        let start = reader.position
        guard let key = reader.word(), let digest = reader.word(),
              let kind = reader.byte(), Int(kind) < kinds.count,
              let indexesTitle = reader.byte(), indexesTitle <= 1, let weight = reader.signed(),
              let url = reader.range(), let title = reader.range(), let text = reader.range()
        else { return nil }
        return SearchIndexState.Record(
            key: key, digest: digest, kind: kinds[Int(kind)], indexesTitle: indexesTitle == 1, weight: weight,
            url: url.shifted(offset), title: title.shifted(offset), text: text.shifted(offset),
            bytes: (start..<reader.position).shifted(offset))
    }

    /// The same read straight from `buffer` at `position`, which it moves past the record; nil,
    /// with `position` where it was, when the record does not lie whole in `buffer` or is not
    /// one `record(_:offset:)` reads.
    static func record(in buffer: UnsafeBufferPointer<UInt8>, at position: inout Int, offset: Int) -> SearchIndexState.Record? {
        let end = buffer.count
        var at = position
        func word() -> UInt64? {
            guard end - at >= 8 else { return nil }
            defer { at += 8 }
            return UInt64(littleEndian: UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: at, as: UInt64.self))
        }
        // As `SearchStateReader.rawVarint`: no overlong forms, at most 64 bits.
        func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while at < end {
                let next = buffer[at]
                at += 1
                guard shift < 63 || next <= 1 else { return nil }
                value |= UInt64(next & 0x7F) << shift
                if next & 0x80 == 0 { return shift > 0 && next == 0 ? nil : value }
                shift += 7
            }
            return nil
        }
        func range() -> Range<Int>? {
            guard let count = varint(), count <= UInt64(Int32.max), Int(count) <= end - at else { return nil }
            defer { at += Int(count) }
            return (at + offset)..<(at + offset + Int(count))
        }
        guard let key = word(), let digest = word(), end - at >= 2 else { return nil }
        let kind = buffer[at], indexesTitle = buffer[at + 1]
        at += 2
        guard Int(kind) < kinds.count, indexesTitle <= 1, let zigzag = varint(),
              let url = range(), let title = range(), let text = range() else { return nil }
        let weight = Int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        let record = SearchIndexState.Record(
            key: key, digest: digest, kind: kinds[Int(kind)], indexesTitle: indexesTitle == 1, weight: weight,
            url: url, title: title, text: text, bytes: (position + offset)..<(at + offset))
        position = at
        return record
    }

    static func littleEndianWord(_ bytes: [UInt8]) -> UInt64 {
        bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
}

private extension Range<Int> {
    func shifted(_ offset: Int) -> Range<Int> { (lowerBound + offset)..<(upperBound + offset) }
}
