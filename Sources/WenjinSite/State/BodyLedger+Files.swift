import Foundation
import WenjinStore

/// The body ledger in the store's folder: its file (`encoded`), with the journal of the saves
/// appended since (`BodyLedgerJournal`).
extension BodyLedger {
    /// The ledger in `folder` with its journal applied, or nil when there is none or it cannot
    /// be read (then every body is looked up in the cache, as on a first build).
    static func load(from folder: URL) -> BodyLedger? {
        Unread(folder: folder)?.decoded()
    }

    /// The ledger file's records and its journal's blocks, read but not applied, and what they
    /// say of the policy and the counter the ledger saw: enough to start reading the store.
    struct Unread: Sendable {
        let policyVersion: Int
        let seen: StoreChanges?
        private let ledger: BodyLedger
        private let blocks: [BodyLedgerJournal.Block]

        init?(folder: URL) {
            guard var ledger = BodyLedger(file: folder.appendingPathComponent(BodyLedger.fileName)), let files = ledger.files
            else { return nil }
            let journal = StateFile.read(folder.appendingPathComponent(BodyLedgerJournal.fileName)) ?? []
            let (blocks, length) = BodyLedgerJournal.blocks(in: journal, following: files.seal)
            ledger.files = Files(seal: files.seal, fileBytes: files.fileBytes, journalBytes: length, journalIntact: length == journal.count)
            self.ledger = ledger
            self.blocks = blocks
            policyVersion = blocks.last?.policyVersion ?? ledger.policyVersion
            seen = blocks.isEmpty ? ledger.seen : blocks.last?.seen
        }

        /// The whole ledger, the journal's blocks applied in order.
        func decoded() -> BodyLedger? {
            var ledger = ledger
            for block in blocks {
                ledger.policyVersion = block.policyVersion
                ledger.hostsIdentity = block.hostsIdentity
                ledger.linkTargets = block.linkTargets
                ledger.seen = block.seen
                for key in block.removed { ledger.remove(key) }
                for (key, entry) in block.changed { ledger.put(entry, for: key) }
            }
            return ledger
        }
    }

    /// Replaces the ledger in `folder` atomically, and its journal with none. Not fatal when it
    /// fails: the next build then only does more work.
    func save(in folder: URL) {
        StateFile.replace(Self.fileName, in: folder, withParts: encodedParts())
        BodyLedgerJournal.remove(in: folder)
    }

    /// Saves the ledger, which differs by `changes` from the one read from `folder` (`files`):
    /// appended to the journal while that stays small beside the ledger file, else written whole.
    func save(in folder: URL, changes: Changes) {
        guard let files, files.journalIntact else { return save(in: folder) }
        let block = BodyLedgerJournal.encoded(BodyLedgerJournal.Block(
            policyVersion: policyVersion, hostsIdentity: hostsIdentity, linkTargets: linkTargets, seen: seen,
            removed: changes.removed, changed: changes.changed.compactMap { key in self[key].map { (key, $0) } }
        ), following: files.seal)
        guard files.takes(block.count), BodyLedgerJournal.append(block, in: folder)
        else { return save(in: folder) }
    }
}
