/// What the search index just written holds, kept between builds so the next one can patch
/// the few files a change touches instead of writing the whole index again
/// (`SearchIndex.write(documents:layout:previous:previousFile:to:)`).
///
/// It remembers each document as it was numbered (URL, kind, weight, title, text: the text
/// tells which terms a changed document had), the layout and shard count, and each file's
/// size, term count and hash, so the report stays exact and a previous file that is not the
/// one written is refused. Its binary form is versioned and checksummed; anything unexpected
/// in it is an error, after which the caller writes the whole index.
public struct SearchIndexState: Sendable, Equatable {
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

    /// A document by its number; its strings are ranges of `storage`.
    struct Record: Sendable {
        /// Where the document was in the list the caller handed over.
        var caller: UInt32
        var kind: SearchDocument.Kind
        var indexesTitle: Bool
        var weight: Int
        var url: Range<Int>
        var title: Range<Int>
        var text: Range<Int>
        /// The whole record in `storage`.
        var bytes: Range<Int>
    }

    let layout: SearchIndex.Layout
    let shardCount: Int
    /// `SearchPostings.estimatedBytes` of the index, which chose `shardCount`.
    let estimatedBytes: Int
    let shards: [Stamp]
    let documentFiles: [Stamp]
    let manifest: Stamp
    let records: [Record]
    /// The encoded state; `records` point into it, so decoding builds no strings.
    private let storage: [UInt8]

    private static let magic: [UInt8] = Array("wenjin-search-state".utf8)
    private static let version: UInt8 = 1

    /// The state of an index just written over `documents`, numbered by `order`
    /// (document number → position in `documents`).
    init(layout: SearchIndex.Layout, shardCount: Int, estimatedBytes: Int, shards: [Stamp], documentFiles: [Stamp],
         manifest: Stamp, documents: [SearchDocument], order: [Int]) {
        self.init(layout: layout, shardCount: shardCount, estimatedBytes: estimatedBytes, shards: shards,
                  documentFiles: documentFiles, manifest: manifest, count: order.count) { writer in
            for caller in order { Self.write(documents[caller], caller: caller, to: &writer) }
        }
    }

    /// The state after an update that numbered the documents as `previous` did, from the same
    /// positions of the caller's list, and changed only the documents numbered `changed`
    /// (ascending): the other records are copied as they are.
    init(updating previous: SearchIndexState, estimatedBytes: Int, shards: [Stamp], documentFiles: [Stamp],
         manifest: Stamp, documents: [SearchDocument], changed: [Int]) {
        self.init(layout: previous.layout, shardCount: previous.shardCount, estimatedBytes: estimatedBytes, shards: shards,
                  documentFiles: documentFiles, manifest: manifest, count: previous.records.count) { writer in
            var copyFrom = previous.records.first?.bytes.lowerBound ?? 0
            for number in changed {
                let record = previous.records[number]
                writer.raw(previous.storage[copyFrom..<record.bytes.lowerBound])
                Self.write(documents[Int(record.caller)], caller: Int(record.caller), to: &writer)
                copyFrom = record.bytes.upperBound
            }
            writer.raw(previous.storage[copyFrom..<(previous.records.last?.bytes.upperBound ?? copyFrom)])
        }
    }

    private init(layout: SearchIndex.Layout, shardCount: Int, estimatedBytes: Int, shards: [Stamp], documentFiles: [Stamp],
                 manifest: Stamp, count: Int, records: (inout SearchStateWriter) -> Void) {
        var writer = SearchStateWriter()
        for byte in Self.magic { writer.byte(byte) }
        writer.byte(Self.version)
        writer.string(layout.folder)
        writer.varint(layout.documentsPerFile)
        writer.varint(layout.snippetLength)
        writer.varint(layout.targetShardBytes)
        writer.varint(shardCount)
        writer.varint(estimatedBytes)
        for stamp in shards {
            writer.varint(stamp.bytes)
            writer.varint(stamp.terms)
            writer.word(stamp.hash)
        }
        writer.varint(documentFiles.count)
        for stamp in documentFiles + [manifest] {
            writer.varint(stamp.bytes)
            writer.word(stamp.hash)
        }
        writer.varint(count)
        records(&writer)
        var bytes = writer.bytes
        let checksum = SearchContentHash.of(bytes)
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: checksum >> UInt64(shift))) }
        // Read back rather than kept as built: one path makes the records, so the ones a build
        // uses are the ones the next build will decode.
        self = try! SearchIndexState(decoding: bytes)
    }

    private static func write(_ document: SearchDocument, caller: Int, to writer: inout SearchStateWriter) {
        writer.varint(caller)
        writer.byte(kinds.firstIndex(of: document.kind).map(UInt8.init)!)
        writer.byte(document.indexesTitle ? 1 : 0)
        writer.signed(document.weight)
        writer.string(document.url)
        writer.string(document.title)
        writer.string(document.text)
    }

    /// Reads a state `encoded()` wrote; throws on any other bytes (wrong version, damaged, truncated).
    public init(decoding bytes: [UInt8]) throws(SiteError) {
        func refuse(_ what: String) -> SiteError {
            SiteError(.output, step: .writeIndexes, message: "search index state: \(what); the index is written in full")
        }
        let header = Self.magic.count + 1
        guard bytes.count >= header + 8, bytes.starts(with: Self.magic) else { throw refuse("not a state file") }
        guard bytes[Self.magic.count] == Self.version else { throw refuse("version \(bytes[Self.magic.count]) is not \(Self.version)") }
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

        var shards: [Stamp] = []
        shards.reserveCapacity(shardCount)
        for _ in 0..<shardCount {
            guard let size = reader.varint(), let terms = reader.varint(), let hash = reader.word() else { throw refuse("bad shard") }
            shards.append(Stamp(bytes: size, terms: terms, hash: hash))
        }
        guard let fileCount = reader.varint() else { throw refuse("bad file count") }
        var files: [Stamp] = []
        for _ in 0...fileCount {
            guard let size = reader.varint(), let hash = reader.word() else { throw refuse("bad file") }
            files.append(Stamp(bytes: size, terms: 0, hash: hash))
        }
        let manifest = files.removeLast()

        guard let count = reader.varint(), count <= bytes.count,
              SearchIndex.documentFileCount(count, layout) == fileCount
        else { throw refuse("bad document count") }
        var records: [Record] = []
        records.reserveCapacity(count)
        var seen = [Bool](repeating: false, count: count)
        for _ in 0..<count {
            let start = reader.position
            guard let caller = reader.varint(), caller < count, !seen[caller],
                  let kind = reader.byte(), Int(kind) < Self.kinds.count,
                  let indexesTitle = reader.byte(), indexesTitle <= 1, let weight = reader.signed(),
                  let url = reader.range(), let title = reader.range(), let text = reader.range()
            else { throw refuse("bad document") }
            seen[caller] = true
            records.append(Record(caller: UInt32(caller), kind: Self.kinds[Int(kind)], indexesTitle: indexesTitle == 1,
                                  weight: weight, url: url, title: title, text: text, bytes: start..<reader.position))
        }
        guard reader.isAtEnd else { throw refuse("bytes after the last document") }
        self.layout = layout
        self.shardCount = shardCount
        self.estimatedBytes = estimate
        self.shards = shards
        self.documentFiles = files
        self.manifest = manifest
        self.records = records
        self.storage = bytes
    }

    /// The state as bytes for `init(decoding:)`.
    public func encoded() -> [UInt8] { storage }

    public static func == (lhs: SearchIndexState, rhs: SearchIndexState) -> Bool { lhs.storage == rhs.storage }

    var digits: Int { SearchShardKey.digits(forShardCount: shardCount) }

    /// Calls `body` with the UTF-8 bytes of a range of the state (a record's URL, title or text).
    func withBytes<Result>(_ range: Range<Int>, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        storage.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
    }

    func string(_ range: Range<Int>) -> String {
        String(decoding: storage[range], as: UTF8.self)
    }

    /// Kinds by their number in the encoding: a new kind goes last, or the version changes.
    private static let kinds: [SearchDocument.Kind] = [.question, .answer, .article, .topic, .user]
}
