import Foundation
import Glibc
import WenjinModel
import WenjinStore

/// What changed in the body ledger since it was last written whole, appended beside it
/// (`bodies.ledger.journal`), so a rebuild that changes a few bodies, or only the ledger's
/// header (a takedown moves `linkTargets`), writes those rather than every body's text again.
///
/// Each block is one save: its length, then sealed (`ByteWriter.sealed`) the format, the seal of
/// the ledger file it follows (the last eight bytes of `bodies.ledger`), the ledger's header as
/// it now is, the keys of bodies gone and the entries new or changed. Reading applies the blocks
/// in order and stops at the first that is torn, damaged or of another ledger file: what is
/// applied is then an older ledger, still true of every row unchanged since its `seen`, so the
/// next build only reads more. A ledger written whole has a new seal, so an old journal beside
/// it is ignored, then removed.
enum BodyLedgerJournal {
    static let fileName = "bodies.ledger.journal"
    private static let format = "wenjin body ledger journal 1"

    /// One save's changes.
    struct Block {
        var policyVersion: Int
        var hostsIdentity: String
        var linkTargets: UInt64
        var seen: StoreChanges?
        var removed: [BodyKey]
        var changed: [(key: BodyKey, entry: BodyLedger.Entry)]
    }

    /// The blocks of `bytes` that follow the ledger file sealed with `seal`, in order, up to the
    /// first that does not; and how many bytes they span.
    static func blocks(in bytes: [UInt8], following seal: UInt64) -> (blocks: [Block], length: Int) {
        StateJournal.blocks(in: bytes) { try? block($0, following: seal) }
    }

    private static func block(_ sealed: [UInt8], following seal: UInt64) throws(ByteReader.Malformed) -> Block {
        var reader = try ByteReader(sealed: sealed)
        guard try reader.string() == format, try reader.word() == seal else { throw ByteReader.Malformed() }
        let policyVersion = try reader.integer()
        let hostsIdentity = try reader.string()
        let linkTargets = try reader.word()
        let token = try reader.optionalString()
        let counter = try reader.optionalInteger()
        var removed: [BodyKey] = []
        for _ in 0..<(try reader.count()) {
            guard let key = BodyKey(kindCode: try reader.integer(), number: try reader.integer()) else { throw ByteReader.Malformed() }
            removed.append(key)
        }
        var changed: [(key: BodyKey, entry: BodyLedger.Entry)] = []
        for _ in 0..<(try reader.count()) { changed.append(try BodyLedger.entry(keyed: &reader)) }
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
        let seen: StoreChanges? = if let token, let counter { StoreChanges(token: token, counter: counter) } else { nil }
        return Block(policyVersion: policyVersion, hostsIdentity: hostsIdentity, linkTargets: linkTargets, seen: seen,
                     removed: removed, changed: changed)
    }

    /// A block's bytes, length first, for the journal of the ledger file sealed with `seal`.
    static func encoded(_ block: Block, following seal: UInt64) -> [UInt8] {
        var writer = ByteWriter()
        writer.add(format)
        writer.add(seal)
        writer.add(block.policyVersion)
        writer.add(block.hostsIdentity)
        writer.add(block.linkTargets)
        writer.add(block.seen?.token)
        writer.add(block.seen?.counter)
        writer.add(block.removed.count)
        for key in block.removed {
            writer.add(key.kindCode)
            writer.add(key.number)
        }
        writer.add(block.changed.count)
        for (key, entry) in block.changed { BodyLedger.add(entry, key: key, to: &writer) }
        return StateJournal.framed(writer)
    }

    /// Appends `bytes` to the journal in `folder`; false when it could not (the caller then
    /// writes the ledger whole). A write cut short leaves a torn block, which reading ignores.
    static func append(_ bytes: [UInt8], in folder: URL) -> Bool {
        StateFile.append(bytes, to: fileName, in: folder)
    }

    static func remove(in folder: URL) {
        unlink(folder.appendingPathComponent(fileName).path)
    }
}
