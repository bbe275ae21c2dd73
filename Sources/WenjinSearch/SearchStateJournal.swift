/// A search state's journal: what a rebuild changed of the state published before it, so the
/// state's file (93 MB at 100,000 questions) is carried to the next output as it is, and only
/// this is written (docs/design.md#search). It names the state it applies to by that state's size
/// and seal, then holds the whole header of the state it makes (layout, shard count, estimate,
/// text bytes, every file's stamp), then the records it replaces, by document number, each with
/// its key and digest. A state written whole is published with a journal replacing nothing, so
/// a state without its journal is never taken for a whole one. Versioned as the state is, and
/// checksummed whole (it is small, and read whole).
enum SearchStateJournal {
    private static let magic: [UInt8] = Array("wenjin-search-journal".utf8)

    /// A record the journal holds: one an earlier journal held, or a document made now.
    enum Entry {
        case copied(key: UInt64, digest: UInt64, fields: ArraySlice<UInt8>)
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
        var made = SearchStateWriter(checksummed: false)
        for (number, entry) in entries {
            writer.varint(number)
            switch entry {
            case .copied(let key, let digest, let fields):
                writer.word(key)
                writer.word(digest)
                writer.varint(fields.count)
                writer.raw(fields, draining: sink)
            case .made(let document, let source):
                writer.word(source.key)
                writer.word(source.digest)
                _ = SearchStateCoding.writeFields(document, to: &made)
                var fields: [UInt8] = []
                made.flush { fields.append(contentsOf: $0) }
                writer.varint(fields.count)
                writer.raw(fields[...], draining: sink)
            }
            writer.drain(into: sink)
        }
        writer.finish(into: sink)
        return bytes
    }

    /// `base` (a state with no journal) with `journal` applied; throws on a journal of another
    /// state, of another version, damaged or cut short. The journal is checked whole before any
    /// of it is decoded; its records are sealed as the state's are, to be read alike.
    static func apply(_ journal: [UInt8], to base: consuming SearchIndexState) throws(SearchStateError) -> SearchIndexState {
        func refuse(_ what: String) -> SearchStateError { SearchStateError(problem: "journal: " + what) }
        guard case .stored(var stored) = base.documents, stored.journal.isEmpty else { throw refuse("applied twice") }
        // The base lets go of its records, so they are patched in place, not copied (428,000 at 100,000 questions).
        base.documents = .pending(.all([], sources: [], order: []))
        let header = magic.count + 1
        guard journal.count >= header + 8, journal.starts(with: magic) else { throw refuse("not a journal") }
        guard journal[magic.count] == SearchStateCoding.version else {
            throw SearchStateError(version: journal[magic.count], expected: SearchStateCoding.version)
        }
        let baseCount = stored.baseCount
        guard baseCount + journal.count <= Int(UInt32.max) else { throw refuse("larger than 4 GiB") }
        let checksum = journal.withUnsafeBytes { SearchContentHash.of(UnsafeRawBufferPointer(rebasing: $0[..<(journal.count - 8)])) }
        guard checksum == SearchStateCoding.littleEndianWord(journal[(journal.count - 8)...]) else { throw refuse("checksum mismatch") }
        var reader = SearchStateReader(journal, end: journal.count - 8)
        reader.skip(to: header)
        guard let count = reader.varint(max: Int.max), let named = reader.word() else { throw refuse("bad base") }
        guard count == baseCount, named == stored.checksum else { throw refuse("of another state") }
        let parts = try SearchStateCoding.decodeHeader(&reader)
        guard let documents = reader.varint(), documents == stored.records.count,
              SearchIndex.documentFileCount(documents, parts.layout) == parts.documentFiles.count,
              let entries = reader.varint(), entries <= documents
        else { throw refuse("bad document count") }
        var records = stored.records
        stored.records = []
        var numbers: [Int] = []
        numbers.reserveCapacity(entries)
        for _ in 0..<entries {
            guard let number = reader.varint(), let key = reader.word(), let digest = reader.word(), let fields = reader.range(),
                  number < documents, numbers.last.map({ $0 < number }) ?? true,
                  SearchStateCoding.fields(Array(journal[fields])) != nil else { throw refuse("bad document") }
            let seal = journal.withUnsafeBytes { SearchContentHash.of(UnsafeRawBufferPointer(rebasing: $0[fields])) }
            records[number] = SearchIndexState.Record(
                key: key, digest: digest, bytes: (baseCount + fields.lowerBound)..<(baseCount + fields.upperBound), seal: seal)
            numbers.append(number)
        }
        guard reader.isAtEnd else { throw refuse("bytes after the last document") }
        return SearchIndexState(
            layout: parts.layout, shardCount: parts.shardCount, estimatedBytes: parts.estimate, textBytes: parts.textBytes,
            shards: parts.shards, documentFiles: parts.documentFiles, manifest: parts.manifest,
            documents: .stored(SearchIndexState.StoredDocuments(storage: stored.storage, records: records,
                                                                 checksum: stored.checksum, journal: journal, journaled: numbers)))
    }
}
