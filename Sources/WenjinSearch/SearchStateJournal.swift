/// A search state's journal: what a rebuild changed of the state published before it, so the
/// state's file (93 MB at 100,000 questions) is carried to the next output as it is, and only
/// this is written (docs/design.md#search). It names the state it applies to by that state's size
/// and checksum, then holds the whole header of the state it makes (layout, shard count,
/// estimate, every file's stamp), then the records it replaces, by document number. A state
/// written whole is published with a journal replacing nothing, so a state without its journal
/// is never taken for a whole one. Versioned and checksummed as the state is.
enum SearchStateJournal {
    private static let magic: [UInt8] = Array("wenjin-search-journal".utf8)

    /// A record the journal holds: the bytes of one an earlier journal held, or a document made now.
    enum Entry {
        case copied(ArraySlice<UInt8>)
        case made(SearchDocument, SearchSource)
    }

    /// The journal making `state` from the state `base` names (`SearchIndexState.Written`),
    /// whose `documents` records are replaced by `entries` (ascending numbers).
    static func encode(_ state: SearchIndexState, over base: SearchIndexState.Written, documents: Int,
                       entries: [(number: Int, entry: Entry)]) -> [UInt8] {
        var bytes: [UInt8] = []
        let sink: (UnsafeRawBufferPointer) -> Void = { bytes.append(contentsOf: $0) }
        var writer = SearchStateWriter()
        for byte in magic { writer.byte(byte) }
        writer.byte(SearchStateCoding.version)
        writer.varint(base.count)
        writer.word(base.checksum)
        SearchStateCoding.writeHeader(state, to: &writer, draining: sink)
        writer.varint(documents)
        writer.varint(entries.count)
        for (number, entry) in entries {
            writer.varint(number)
            switch entry {
            case .copied(let record): writer.raw(record, draining: sink)
            case .made(let document, let source): SearchStateCoding.write(document, source, to: &writer)
            }
            writer.drain(into: sink)
        }
        writer.finish(into: sink)
        return bytes
    }

    /// `base` (a state with no journal) with `journal` applied; throws on a journal of another
    /// state, of another version, damaged or cut short.
    static func apply(_ journal: [UInt8], to base: consuming SearchIndexState) throws(SearchStateError) -> SearchIndexState {
        func refuse(_ what: String) -> SearchStateError { SearchStateError(problem: "journal: " + what) }
        guard case .stored(var stored) = base.documents, stored.journal.isEmpty else { throw refuse("applied twice") }
        // The base lets go of its records, so they are patched in place, not copied (428,000 at 100,000 questions).
        base.documents = .pending(.all([], sources: [], order: []))
        let header = magic.count + 1
        guard journal.count >= header + 8, journal.starts(with: magic) else { throw refuse("not a journal") }
        guard journal[magic.count] == SearchStateCoding.version else { throw refuse("version \(journal[magic.count])") }
        let baseCount = stored.baseCount
        guard baseCount + journal.count <= Int(UInt32.max) else { throw refuse("larger than 4 GiB") }
        var windows = try SearchStateWindows(head: Array(journal[..<header]), end: journal.count - 8, window: journal.count,
                                             read: { range, window in
            window += journal[range]
            return true
        })
        guard let names = try windows.next({ reader, _ -> (Int, UInt64)? in
            guard let count = reader.varint(max: Int.max), let checksum = reader.word() else { return nil }
            return (count, checksum)
        }) else { throw refuse("bad base") }
        guard names == (baseCount, stored.checksum) else { throw refuse("of another state") }
        let parts = try SearchStateCoding.decodeHeader(&windows)
        guard let documents = try windows.next({ reader, _ in reader.varint() }), documents == stored.records.count,
              SearchIndex.documentFileCount(documents, parts.layout) == parts.documentFiles.count,
              let count = try windows.next({ reader, _ in reader.varint() }), count <= documents
        else { throw refuse("bad document count") }
        var records = stored.records
        stored.records = []
        var textBytes = stored.textBytes
        var numbers: [Int] = []
        numbers.reserveCapacity(count)
        for _ in 0..<count {
            guard let (number, record) = try windows.next({ reader, offset -> (Int, SearchIndexState.Record)? in
                guard let number = reader.varint(), let record = SearchStateCoding.record(&reader, offset: baseCount + offset)
                else { return nil }
                return (number, record)
            }), documents > number, numbers.last.map({ $0 < number }) ?? true else { throw refuse("bad document") }
            let old = records[number]
            textBytes += (record.indexesTitle ? record.title.count : 0) + record.text.count
                - (old.indexesTitle ? old.title.count : 0) - old.text.count
            records[number] = record
            numbers.append(number)
        }
        try windows.finished(checksum: SearchStateCoding.littleEndianWord(Array(journal[(journal.count - 8)...])))
        return SearchIndexState(
            layout: parts.layout, shardCount: parts.shardCount, estimatedBytes: parts.estimate, shards: parts.shards,
            documentFiles: parts.documentFiles, manifest: parts.manifest,
            documents: .stored(SearchIndexState.StoredDocuments(storage: stored.storage, records: records, textBytes: textBytes,
                                                                 checksum: stored.checksum, journal: journal, journaled: numbers)))
    }
}
