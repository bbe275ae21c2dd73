import Foundation
import WenjinBuildSupport
import WenjinModel
import WenjinSanitizer
import WenjinStore

/// What the last build learned about each body of the archive, kept in the store's folder
/// (`.wenjin/bodies.ledger`) so the next build need not hash, look up and decode every body
/// again: a body whose raw text has the same digest, under the same hosts and sanitizer policy,
/// and whose links still resolve as recorded, sanitizes to what the ledger says.
///
/// The HTML itself stays in the store's sanitizer cache (under `contentHash`); the ledger keeps
/// a digest of every body for page fingerprints, in a table read as it lies (`BodyLedgerTable`),
/// and its plain text and links, read from the file only for the bodies a build asks about.
/// It also keeps the store's change counter of the snapshot it describes (`seen`), so the next
/// build reads from the store only the bodies of rows written since (docs/design.md#store).
struct BodyLedger: Sendable {
    struct Entry: Sendable {
        /// `ContentDigest` of the raw HTML.
        var rawDigest: UInt64
        /// The sanitizer cache's key for the body (`Sanitizer.contentHash` of hosts and text).
        var contentHash: CacheKeyHash
        /// `ContentDigest` of the sanitized HTML, so HTML read back from the cache is
        /// known to be what this entry describes without decoding the cache's record.
        var htmlDigest: UInt64
        /// Every community link the body holds, with the answer the archive gave.
        var links: [RecordedLink]
        /// The text a reader sees.
        var text: String

        /// What a page showing this body depends on: its text, and where its links lead.
        var digest: UInt64 {
            var digest = ContentDigest(seed: rawDigest)
            for link in links {
                digest.add(link.kind)
                digest.add(word: UInt64(bitPattern: Int64(link.id ?? -1)))
                digest.add(word: UInt64(bitPattern: Int64(link.answerID ?? -1)))
                digest.add(link.token ?? "")
                digest.add(link.localPath ?? "\u{0}")
            }
            return digest.finish()
        }
    }

    /// The digest `Entry.htmlDigest` holds.
    static func digest(ofHTML html: String) -> UInt64 {
        var digest = ContentDigest(seed: 0x6874_6D6C)
        digest.add(html)
        return digest.finish()
    }

    static let fileName = "bodies.ledger"
    fileprivate static let format = "wenjin body ledger 5"

    var policyVersion: Int
    var hostsIdentity: String
    /// `LinkTargets.digests(of:)` of the archive the links were resolved in.
    var linkTargets: UInt64
    /// The store's counter when the bodies were read; nil when the store had none.
    var seen: StoreChanges?
    /// The entries of the file the ledger was read from, as they lie there.
    private var table: BodyLedgerTable
    /// Entries put (or, nil, removed) since, over the table's: the journal's and this build's.
    private var patched: [BodyKey: Entry?] = [:]

    init(policyVersion: Int, hostsIdentity: String, linkTargets: UInt64, seen: StoreChanges? = nil) {
        self.policyVersion = policyVersion
        self.hostsIdentity = hostsIdentity
        self.linkTargets = linkTargets
        self.seen = seen
        table = BodyLedgerTable()
    }

    /// Where the ledger read from the store's folder stands there (`StateJournal.Files`: the seal
    /// of the ledger file's records, its size, and the journal's). Nil for a ledger that was not
    /// read from files.
    typealias Files = StateJournal.Files

    var files: Files?

    /// Which entries a build changed since the ledger it started from (`files`): what a save
    /// appends to the journal rather than writing every entry again.
    struct Changes: Sendable {
        var removed: [BodyKey] = []
        var changed: [BodyKey] = []
    }

    // MARK: Entries

    /// Whether the ledger describes the body (even when its entry can no longer be read).
    func contains(_ key: BodyKey) -> Bool {
        if !patched.isEmpty, let entry = patched[key] { return entry != nil }
        return table.index(of: key) != nil
    }

    /// The body's entry, its texts read from the file now; nil when the ledger has none or the
    /// file's bytes for it are damaged.
    subscript(key: BodyKey) -> Entry? {
        if !patched.isEmpty, let entry = patched[key] { return entry }
        return table.index(of: key).flatMap { table.entry(at: $0) }
    }

    /// `Entry.digest` of the body, without reading its texts.
    func digest(_ key: BodyKey) -> UInt64? {
        // Asked of every body a build shows: without a patch, no key is hashed.
        if !patched.isEmpty, let entry = patched[key] { return entry?.digest }
        return table.index(of: key).map { table.digest(at: $0) }
    }

    mutating func put(_ entry: Entry, for key: BodyKey) { patched[key] = .some(entry) }

    mutating func remove(_ key: BodyKey) { patched[key] = .some(nil) }

    var count: Int {
        patched.reduce(table.count) { count, item in
            switch (table.index(of: item.key) != nil, item.value != nil) {
            case (true, false): count - 1
            case (false, true): count + 1
            default: count
            }
        }
    }

    /// Every body the ledger describes, in key order, with its digest.
    func keysAndDigests() -> [(key: BodyKey, digest: UInt64)] {
        var merged: [(key: BodyKey, digest: UInt64)] = []
        merged.reserveCapacity(table.count + patched.count)
        walk { key, tableIndex, entry in merged.append((key, entry?.digest ?? table.digest(at: tableIndex ?? 0))) }
        return merged
    }

    /// Calls `body` for every entry in key order: with the table's position of one the table
    /// holds unpatched, else with the patched entry.
    private func walk(_ body: (BodyKey, Int?, Entry?) -> Void) {
        let put = patched.keys.sorted()
        var next = 0
        for index in 0..<table.count {
            guard let key = table.key(at: index) else { continue }
            while next < put.count && put[next] < key {
                if let entry = patched[put[next]] ?? nil { body(put[next], nil, entry) }
                next += 1
            }
            if next < put.count && put[next] == key {
                if let entry = patched[key] ?? nil { body(key, nil, entry) }
                next += 1
            } else {
                body(key, index, nil)
            }
        }
        for key in put[next...] { if let entry = patched[key] ?? nil { body(key, nil, entry) } }
    }

    /// The ledger with the same entries under a new header: nothing is copied.
    func describing(policyVersion: Int, hostsIdentity: String, linkTargets: UInt64, seen: StoreChanges?) -> BodyLedger {
        var ledger = self
        (ledger.policyVersion, ledger.hostsIdentity, ledger.linkTargets, ledger.seen) = (policyVersion, hostsIdentity, linkTargets, seen)
        ledger.files = nil
        return ledger
    }

    /// The file: the length of its head, then the head sealed — the header, the record count,
    /// the texts' length and the records (`BodyLedgerTable`) — then each entry's texts sealed
    /// on their own, in key order. Entries whose texts no longer read back are left out: the
    /// next build reads those bodies from the store.
    func encoded() -> [UInt8] { encodedParts().flatMap { $0 } }

    /// `encoded` in its three parts (the head's length, the head, the texts), which a save writes
    /// one after another rather than joined: at 100,000 questions the texts are 85 MB.
    func encodedParts() -> [[UInt8]] {
        let old = table.allTexts()
        var records: [UInt64] = []
        var texts: [UInt8] = []
        records.reserveCapacity((table.count + patched.count) * BodyLedgerTable.wordsPerRecord)
        walk { key, tableIndex, entry in
            let start = texts.count
            let digest: UInt64
            if let tableIndex {
                guard let old, case let range = table.textRange(at: tableIndex), range.upperBound <= old.count,
                      ByteReader.isSealed(old[range]) else { return }
                texts.append(contentsOf: old[range])
                digest = table.digest(at: tableIndex)
            } else if let entry {
                texts.append(contentsOf: Self.sealed(entry))
                digest = entry.digest
            } else {
                return
            }
            records += [UInt64(key.kindCode), UInt64(bitPattern: Int64(key.number)), digest, UInt64(start), UInt64(texts.count - start)]
        }
        var head = ByteWriter()
        head.add(Self.format)
        head.add(policyVersion)
        head.add(hostsIdentity)
        head.add(linkTargets)
        head.add(seen?.token)
        head.add(seen?.counter)
        head.add(records.count / BodyLedgerTable.wordsPerRecord)
        head.add(texts.count)
        head.add(words: records)
        let sealed = head.sealed
        var length = ByteWriter()
        length.add(sealed.count)
        return [length.bytes, sealed, texts]
    }

    /// The ledger file at `file` alone (no journal); nil when it is missing, of another format
    /// or its head is damaged. Its texts stay in the file until asked for.
    init?(file: URL) {
        guard let readable = ReadableFile(path: file.path), let lengthBytes = readable.read(0..<8) else { return nil }
        let length = lengthBytes.reversed().reduce(0) { $0 << 8 | Int($1) }
        guard length >= 8, length <= readable.count - 8, let head = readable.read(8..<8 + length) else { return nil }
        do {
            var reader = try ByteReader(sealed: head)
            guard try reader.string() == Self.format else { return nil }
            policyVersion = try reader.integer()
            hostsIdentity = try reader.string()
            linkTargets = try reader.word()
            let token = try reader.optionalString()
            let counter = try reader.optionalInteger()
            seen = if let token, let counter { StoreChanges(token: token, counter: counter) } else { nil }
            let count = try reader.integer()
            let textsLength = try reader.integer()
            guard count >= 0, count <= length / (8 * BodyLedgerTable.wordsPerRecord), textsLength == readable.count - 8 - length
            else { return nil }
            let words = try reader.words(count * BodyLedgerTable.wordsPerRecord)
            guard reader.isAtEnd,
                  let table = BodyLedgerTable(words: words, texts: readable, textsStart: 8 + length, textsLength: textsLength)
            else { return nil }
            self.table = table
        } catch {
            return nil
        }
        files = Files(seal: StateJournal.seal(of: head), fileBytes: readable.count, journalBytes: 0, journalIntact: true)
    }
}

extension BodyKey: Comparable {
    var kindCode: Int {
        switch self {
        case .question: 0
        case .answer: 1
        case .article: 2
        }
    }

    var number: Int {
        switch self {
        case .question(let id): id.rawValue
        case .answer(let id): id.rawValue
        case .article(let id): id.rawValue
        }
    }

    init?(kindCode: Int, number: Int) {
        switch kindCode {
        case 0: self = .question(QuestionID(number))
        case 1: self = .answer(AnswerID(number))
        case 2: self = .article(ArticleID(number))
        default: return nil
        }
    }

    static func < (lhs: BodyKey, rhs: BodyKey) -> Bool { (lhs.kindCode, lhs.number) < (rhs.kindCode, rhs.number) }
}
