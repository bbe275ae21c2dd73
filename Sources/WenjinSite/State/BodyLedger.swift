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
/// what every build needs of every body — its plain text and a digest for page fingerprints.
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
    fileprivate static let format = "wenjin body ledger 4"

    var policyVersion: Int
    var hostsIdentity: String
    /// `LinkTargets.digest` of the archive the links were resolved in.
    var linkTargets: UInt64
    /// The store's counter when the bodies were read; nil when the store had none.
    var seen: StoreChanges?
    var entries: [BodyKey: Entry]

    init(policyVersion: Int, hostsIdentity: String, linkTargets: UInt64, seen: StoreChanges? = nil, entries: [BodyKey: Entry] = [:],
         files: Files? = nil) {
        self.files = files
        self.policyVersion = policyVersion
        self.hostsIdentity = hostsIdentity
        self.linkTargets = linkTargets
        self.seen = seen
        self.entries = entries
    }

    /// Where the ledger read from the store's folder stands there: the seal of the ledger file
    /// (its last eight bytes), its size, and the journal's (`BodyLedgerJournal`). Nil for a
    /// ledger that was not read from files.
    struct Files: Sendable {
        let seal: UInt64
        let ledgerBytes: Int
        let journalBytes: Int
        /// False when the journal ends in bytes no block accounts for (a torn write).
        let journalIntact: Bool
    }

    var files: Files?

    /// Which entries a build changed since the ledger it started from (`files`): what a save
    /// appends to the journal rather than writing every entry again.
    struct Changes: Sendable {
        var removed: [BodyKey] = []
        var changed: [BodyKey] = []
    }

    /// The ledger in `folder` with its journal applied, or nil when there is none or it cannot
    /// be read (then every body is looked up in the cache, as on a first build).
    static func load(from folder: URL) -> BodyLedger? {
        Unread(folder: folder)?.decoded()
    }

    /// The ledger file's bytes and its journal's blocks, read but not decoded, and what they say
    /// of the policy and the counter the ledger saw: enough to start reading the store while the
    /// rest is decoded beside it.
    struct Unread: Sendable {
        let bytes: [UInt8]
        let policyVersion: Int
        let seen: StoreChanges?
        private let blocks: [BodyLedgerJournal.Block]
        private let files: Files

        init?(folder: URL) {
            guard let bytes = StateFile.read(folder.appendingPathComponent(BodyLedger.fileName)) else { return nil }
            var policyVersion: Int
            var seen: StoreChanges?
            do {
                // The fields `encoded` writes first, in its order.
                var reader = try ByteReader(sealed: bytes)
                guard try reader.string() == BodyLedger.format else { return nil }
                policyVersion = try reader.integer()
                _ = try reader.string()
                _ = try reader.word()
                let token = try reader.optionalString()
                let counter = try reader.optionalInteger()
                seen = if let token, let counter { StoreChanges(token: token, counter: counter) } else { nil }
            } catch {
                return nil
            }
            self.bytes = bytes
            let seal = bytes.suffix(8).reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let journal = StateFile.read(folder.appendingPathComponent(BodyLedgerJournal.fileName)) ?? []
            let (blocks, length) = BodyLedgerJournal.blocks(in: journal, following: seal)
            self.blocks = blocks
            files = Files(seal: seal, ledgerBytes: bytes.count, journalBytes: length, journalIntact: length == journal.count)
            if let last = blocks.last {
                policyVersion = last.policyVersion
                seen = last.seen
            }
            self.policyVersion = policyVersion
            self.seen = seen
        }

        /// The whole ledger; nil if it cannot be read after all.
        func decoded() -> BodyLedger? {
            guard var ledger = try? BodyLedger(decoding: bytes) else { return nil }
            for block in blocks {
                ledger.policyVersion = block.policyVersion
                ledger.hostsIdentity = block.hostsIdentity
                ledger.linkTargets = block.linkTargets
                ledger.seen = block.seen
                for key in block.removed { ledger.entries[key] = nil }
                for (key, entry) in block.changed { ledger.entries[key] = entry }
            }
            ledger.files = files
            return ledger
        }
    }

    /// Replaces the ledger in `folder` atomically, and its journal with none. Not fatal when it
    /// fails: the next build then only does more work.
    func save(in folder: URL) {
        StateFile.replace(Self.fileName, in: folder, with: encoded())
        BodyLedgerJournal.remove(in: folder)
    }

    /// Saves the ledger, which differs by `changes` from the one read from `folder` (`files`):
    /// appended to the journal while that stays small beside the ledger file, else written whole.
    func save(in folder: URL, changes: Changes) {
        guard let files, files.journalIntact else { return save(in: folder) }
        let block = BodyLedgerJournal.encoded(BodyLedgerJournal.Block(
            policyVersion: policyVersion, hostsIdentity: hostsIdentity, linkTargets: linkTargets, seen: seen,
            removed: changes.removed, changed: changes.changed.compactMap { key in entries[key].map { (key, $0) } }
        ), following: files.seal)
        guard files.journalBytes + block.count <= max(files.ledgerBytes / BodyLedgerJournal.largestShare, BodyLedgerJournal.smallestLimit),
              BodyLedgerJournal.append(block, in: folder)
        else { return save(in: folder) }
    }

    func encoded() -> [UInt8] {
        var writer = ByteWriter()
        writer.add(Self.format)
        writer.add(policyVersion)
        writer.add(hostsIdentity)
        writer.add(linkTargets)
        writer.add(seen?.token)
        writer.add(seen?.counter)
        writer.add(entries.count)
        for (key, entry) in entries.sorted(by: { $0.key < $1.key }) { Self.add(entry, key: key, to: &writer) }
        return writer.sealed
    }

    init(decoding bytes: [UInt8]) throws(ByteReader.Malformed) {
        var reader = try ByteReader(sealed: bytes)
        guard try reader.string() == Self.format else { throw ByteReader.Malformed() }
        policyVersion = try reader.integer()
        hostsIdentity = try reader.string()
        linkTargets = try reader.word()
        let token = try reader.optionalString()
        let counter = try reader.optionalInteger()
        seen = if let token, let counter { StoreChanges(token: token, counter: counter) } else { nil }
        let count = try reader.count()
        entries = Dictionary(minimumCapacity: count)
        for _ in 0..<count {
            let (key, entry) = try Self.entry(from: &reader)
            entries[key] = entry
        }
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
    }

    /// One entry as the ledger file and its journal write it.
    static func add(_ entry: Entry, key: BodyKey, to writer: inout ByteWriter) {
        writer.add(key.kindCode)
        writer.add(key.number)
        writer.add(entry.rawDigest)
        writer.add(entry.contentHash.words.0)
        writer.add(entry.contentHash.words.1)
        writer.add(entry.contentHash.words.2)
        writer.add(entry.contentHash.words.3)
        writer.add(entry.htmlDigest)
        writer.add(entry.links.count)
        for link in entry.links {
            writer.add(link.kind)
            writer.add(link.id)
            writer.add(link.answerID)
            writer.add(link.token)
            writer.add(link.localPath)
        }
        writer.add(entry.text)
    }

    static func entry(from reader: inout ByteReader) throws(ByteReader.Malformed) -> (key: BodyKey, entry: Entry) {
        guard let key = BodyKey(kindCode: try reader.integer(), number: try reader.integer()) else { throw ByteReader.Malformed() }
        let rawDigest = try reader.word()
        let contentHash = CacheKeyHash(words: (try reader.word(), try reader.word(), try reader.word(), try reader.word()))
        let htmlDigest = try reader.word()
        var links: [RecordedLink] = []
        for _ in 0..<(try reader.count()) {
            links.append(RecordedLink(kind: try reader.string(), id: try reader.optionalInteger(),
                                      answerID: try reader.optionalInteger(), token: try reader.optionalString(),
                                      localPath: try reader.optionalString()))
        }
        return (key, Entry(rawDigest: rawDigest, contentHash: contentHash, htmlDigest: htmlDigest, links: links, text: try reader.string()))
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
