import Synchronization
import WenjinBuildSupport

/// What the search index just written holds, kept between builds so the next one can patch
/// the few files a change touches instead of writing the whole index again
/// (`SearchIndex.write(sources:make:layout:previous:previousFile:to:)`).
///
/// It is keyed by document: each document as it was numbered, with its caller's key and the
/// digest of what it was made from (`SearchSource`: the next write makes only documents whose
/// digest moved), its URL, kind and weight (the numbering), title and text (which terms a changed
/// document had); then the layout and shard count, and each file's size, term count and hash,
/// so the report stays exact and a previous file that is not the one written is refused. Its
/// binary form (`SearchStateCoding`) is versioned; its header and its table of documents (key,
/// digest, where each record lies) are sealed together and read whole, each record is sealed
/// apart and read only when a patch needs it. Anything unexpected in what is read is an error,
/// after which the caller writes the whole index. A state a write returns is encoded only when
/// asked for (`write(into:)` hands it on a chunk at a time), copying the records of unchanged
/// documents from the previous state's bytes as they are, without reading their fields.
package struct SearchIndexState: Sendable, Equatable {
    /// One file of the index as it was written.
    struct Stamp: Sendable, Equatable {
        var bytes: Int
        /// Terms of a shard; 0 for other files.
        var terms: Int
        var hash: UInt64

        init(bytes: Int, terms: Int, hash: UInt64) {
            self.bytes = bytes
            self.terms = terms
            self.hash = hash
        }

        init(_ contents: [UInt8], terms: Int = 0) {
            self.init(bytes: contents.count, terms: terms, hash: SearchContentHash.of(contents))
        }
    }

    /// A document by its number, as the state's table lists it: the caller's key and the digest
    /// of what it was made from, and where its record lies (kind, title bit, weight, URL, title,
    /// text: `Fields`) with the seal of the record's bytes, which are read only when asked for.
    /// Offsets are 32-bit, since a large archive has hundreds of thousands of records.
    struct Record: Sendable {
        /// The caller's `SearchSource`.
        let key: UInt64
        let digest: UInt64
        private let start: UInt32
        private let length: UInt32
        /// `SearchContentHash` of the record's bytes.
        let seal: UInt64

        init(key: UInt64, digest: UInt64, bytes: Range<Int>, seal: UInt64) {
            self.key = key
            self.digest = digest
            start = UInt32(bytes.lowerBound)
            length = UInt32(bytes.count)
            self.seal = seal
        }

        /// The record's bytes in the state (or, past its end, its journal).
        var bytes: Range<Int> { Int(start)..<(Int(start) + Int(length)) }
    }

    /// A record read back and checked against its seal: its fields, its strings as ranges of `bytes`.
    struct Fields: Sendable {
        let bytes: [UInt8]
        let kind: SearchDocument.Kind
        let indexesTitle: Bool
        let weight: Int
        let url: Range<Int>
        let title: Range<Int>
        let text: Range<Int>

        func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

        /// `SearchIndex.textBytes` of the document.
        var textBytes: Int { (indexesTitle ? title.count : 0) + text.count }

        var document: SearchDocument {
            SearchDocument(title: string(title), text: string(text), url: string(url), kind: kind, weight: weight, indexesTitle: indexesTitle)
        }
    }

    /// The documents of a state read back: its table, so decoding reads none of the records,
    /// and a state left in its file holds only the table.
    struct StoredDocuments: Sendable {
        enum Storage: Sendable {
            case bytes([UInt8])
            /// The previous build's state file (`SearchStateCoding.decode(file:)`), read by ranges.
            case file(ReadableFile)
        }

        let storage: Storage
        var records: [Record]
        /// The seal that ends the state's bytes (`storage`): what its journal names it by.
        let checksum: UInt64
        /// The journal the records were patched from (`SearchStateJournal`), empty without one.
        /// Its records' ranges start at `baseCount`, as if it followed the state's bytes.
        let journal: [UInt8]
        /// The numbers of the records the journal replaced, ascending.
        let journaled: [Int]
        /// Set once a read of the file failed or a record failed its seal: an update that read
        /// anything then is not used.
        let failure = ReadFailure()

        init(storage: Storage, records: [Record], checksum: UInt64, journal: [UInt8] = [], journaled: [Int] = []) {
            self.storage = storage
            self.records = records
            self.checksum = checksum
            self.journal = journal
            self.journaled = journaled
        }

        /// The size of the state's bytes, where the journal's ranges start.
        var baseCount: Int {
            switch storage {
            case .bytes(let bytes): bytes.count
            case .file(let file): file.count
            }
        }

        var readFailed: Bool { failure.happened.withLock { $0 } || failure.damaged.withLock { $0 } }

        /// The journal's bytes of `range`, when it is in the journal.
        private func journaled(_ range: Range<Int>) -> ArraySlice<UInt8>? {
            let base = baseCount
            guard range.lowerBound >= base else { return nil }
            return journal[(range.lowerBound - base)..<(range.upperBound - base)]
        }

        /// The bytes of `range` (empty after a failed read, which `readFailed` tells).
        func bytes(_ range: Range<Int>) -> [UInt8] {
            if let journaled = journaled(range) { return Array(journaled) }
            switch storage {
            case .bytes(let bytes):
                return Array(bytes[range])
            case .file(let file):
                if let bytes = file.read(range) { return bytes }
                failure.happened.withLock { $0 = true }
                return []
            }
        }

        /// Record `number`, read and checked against its seal; nil (and `readFailed`) when it
        /// cannot be read or is damaged, which `failure.damaged` then tells.
        func fields(_ number: Int) -> Fields? {
            let record = records[number]
            let bytes = bytes(record.bytes)
            guard bytes.count == record.bytes.count else { return nil }
            guard SearchContentHash.of(bytes) == record.seal, let fields = SearchStateCoding.fields(bytes) else {
                failure.damaged.withLock { $0 = true }
                return nil
            }
            return fields
        }

        /// Calls `body` with the bytes of `range` (all in the state or all in its journal) in
        /// order, a chunk at a time; false when a read failed.
        func forEachChunk(of range: Range<Int>, _ body: (ArraySlice<UInt8>) -> Void) -> Bool {
            if let journaled = journaled(range) {
                body(journaled)
                return true
            }
            switch storage {
            case .bytes(let bytes):
                body(bytes[range])
                return true
            case .file(let file):
                return file.forEachChunk(of: range, chunk: SearchStateWriter.chunk, body)
            }
        }

        /// Document `number` as it was written, nil when its record cannot be read or is damaged.
        func document(_ number: Int) -> SearchDocument? { fields(number)?.document }

        /// Every byte of the state, when it has no journal.
        func all() -> [UInt8] {
            switch storage {
            case .bytes(let bytes): bytes
            case .file(let file): bytes(0..<file.count)
            }
        }
    }

    /// Whether a read of a state's file failed.
    final class ReadFailure: Sendable {
        let happened = Mutex(false)
        /// A record's bytes did not match its seal, or its seal's bytes are no record.
        let damaged = Mutex(false)
    }

    enum Documents: Sendable {
        case stored(StoredDocuments)
        /// The records a write just made, encoded only when the state is written or asked for its documents.
        case pending(SearchStateCoding.Records)
    }

    let layout: SearchIndex.Layout
    let shardCount: Int
    /// `SearchPostings.estimatedBytes` of the index, which chose `shardCount`.
    let estimatedBytes: Int
    /// `SearchIndex.textBytes` of the documents.
    let textBytes: Int
    let shards: [Stamp]
    let documentFiles: [Stamp]
    let manifest: Stamp
    var documents: Documents

    init(layout: SearchIndex.Layout, shardCount: Int, estimatedBytes: Int, textBytes: Int, shards: [Stamp], documentFiles: [Stamp],
         manifest: Stamp, documents: Documents) {
        self.layout = layout
        self.shardCount = shardCount
        self.estimatedBytes = estimatedBytes
        self.textBytes = textBytes
        self.shards = shards
        self.documentFiles = documentFiles
        self.manifest = manifest
        self.documents = documents
    }

    /// A state of `records` under these stamps.
    init(layout: SearchIndex.Layout, shardCount: Int, estimatedBytes: Int, textBytes: Int, shards: [Stamp], documentFiles: [Stamp],
         manifest: Stamp, records: SearchStateCoding.Records) {
        self.init(layout: layout, shardCount: shardCount, estimatedBytes: estimatedBytes, textBytes: textBytes, shards: shards,
                  documentFiles: documentFiles, manifest: manifest, documents: .pending(records))
    }

    /// Reads a state `encoded()` wrote; throws on any other bytes (wrong version, damaged, truncated).
    package init(decoding bytes: [UInt8]) throws(SearchStateError) {
        self = try SearchStateCoding.decode(bytes)
    }

    /// The same from a file, which stays open: only its table is read, and a record only when a
    /// patch needs it (docs/design.md#search).
    package init(decoding file: ReadableFile) throws(SearchStateError) {
        self = try SearchStateCoding.decode(file: file)
    }

    /// Whether a record read from the state (by a patch, or to make its journal) failed its seal:
    /// the index was then written whole, which the caller tells the user. A record never read
    /// is not checked.
    package var foundDamagedRecord: Bool {
        guard case .stored(let stored) = documents else { return false }
        return stored.failure.damaged.withLock { $0 }
    }

    /// A state's bytes as written whole: their count and the checksum that ends them, by
    /// which a journal names the state it applies to.
    package struct Written: Sendable, Equatable {
        package var count: Int
        package var checksum: UInt64
    }

    /// The state as bytes for `init(decoding:)`: written whole, with any journal it was read with applied.
    package func encoded() -> [UInt8] {
        switch documents {
        case .stored(let stored) where stored.journal.isEmpty: stored.all()
        case .stored(let stored): SearchStateCoding.encode(self, records: .patched(stored, replaced: []))
        case .pending(let records): SearchStateCoding.encode(self, records: records)
        }
    }

    /// The bytes of `encoded()` handed to `sink` a chunk at a time, never held whole; returns
    /// what `journal(over:)` names them by.
    @discardableResult
    package func write(into sink: (UnsafeRawBufferPointer) -> Void) -> Written {
        switch documents {
        case .stored(let stored) where stored.journal.isEmpty:
            // A file that cannot be read to its end is written short, which the next build refuses.
            _ = stored.forEachChunk(of: 0..<stored.baseCount) { chunk in
                for start in stride(from: chunk.startIndex, to: chunk.endIndex, by: SearchStateWriter.chunk) {
                    chunk[start..<min(chunk.endIndex, start + SearchStateWriter.chunk)].withUnsafeBytes(sink)
                }
            }
            return Written(count: stored.baseCount, checksum: stored.checksum)
        case .stored(let stored):
            return SearchStateCoding.encode(self, records: .patched(stored, replaced: []), into: sink)
        case .pending(let records):
            return SearchStateCoding.encode(self, records: records, into: sink)
        }
    }

    /// The documents as records, decoding the state's own bytes if it was just written.
    func storedDocuments() -> StoredDocuments? {
        if case .stored(let stored) = documents { return stored }
        guard let decoded = try? SearchIndexState(decoding: encoded()), case .stored(let stored) = decoded.documents else { return nil }
        return stored
    }

    package static func == (lhs: SearchIndexState, rhs: SearchIndexState) -> Bool { lhs.encoded() == rhs.encoded() }

    var digits: Int { SearchShardKey.digits(forShardCount: shardCount) }
}
