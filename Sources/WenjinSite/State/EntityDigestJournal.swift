import Foundation
import Glibc
import WenjinModel
import WenjinStore

/// What changed in the entities' digests (`EntityDigestState`) since their file was last written
/// whole, appended beside it (`entities.digests.journal`), as `BodyLedgerJournal` does for the
/// body ledger: a rebuild that digests a few entities again writes those, not the 12 MB of
/// every entity's digest at 100,000 questions.
///
/// Each block is one save: its length, then sealed the format, the seal of the state file it
/// follows (its last eight bytes), the store's counter the save saw, and for each of the state's
/// seven tables the entries digested anew and the IDs taken out. Reading applies the blocks in
/// order up to the first that is torn, damaged or of another state file: what is applied is then
/// an older state, which the next build brings up to date from more rows, or, when it is older
/// than the rows read, replaces by digesting every entity (with its note).
enum EntityDigestJournal {
    static let fileName = "entities.digests.journal"
    private static let format = "wenjin entity digests journal 1"

    /// One table's change: the entries digested anew (as a table, sorted) and the IDs removed (ascending).
    struct Patch: Sendable {
        var fresh: [UInt64] = []
        var removed: [Int] = []
    }

    /// One save: the counter it saw, and a patch per table in the state file's order.
    struct Block: Sendable {
        var seen: StoreChanges
        var patches: [Patch]
    }

    /// The blocks of `bytes` that follow the state file sealed with `seal`, in order, up to the
    /// first that does not; and how many bytes they span.
    static func blocks(in bytes: [UInt8], following seal: UInt64) -> (blocks: [Block], length: Int) {
        StateJournal.blocks(in: bytes) { try? block($0, following: seal) }
    }

    private static func block(_ sealed: [UInt8], following seal: UInt64) throws(ByteReader.Malformed) -> Block {
        var reader = try ByteReader(sealed: sealed)
        guard try reader.string() == format, try reader.word() == seal else { throw ByteReader.Malformed() }
        let seen = StoreChanges(token: try reader.string(), counter: try reader.integer())
        var patches: [Patch] = []
        for _ in 0..<EntityDigestState.tableCount {
            let fresh = try reader.words(try reader.count())
            // Any table's words will do to check that the IDs ascend, as a table's must.
            guard RowDigestTable<QuestionID>(words: fresh) != nil else { throw ByteReader.Malformed() }
            let removed = try reader.words(try reader.count()).map { Int(Int64(bitPattern: $0)) }
            patches.append(Patch(fresh: fresh, removed: removed))
        }
        guard reader.isAtEnd else { throw ByteReader.Malformed() }
        return Block(seen: seen, patches: patches)
    }

    /// A block's bytes, length first, for the journal of the state file sealed with `seal`.
    static func encoded(_ block: Block, following seal: UInt64) -> [UInt8] {
        var writer = ByteWriter()
        writer.add(format)
        writer.add(seal)
        writer.add(block.seen.token)
        writer.add(block.seen.counter)
        for patch in block.patches {
            writer.add(patch.fresh.count)
            writer.add(words: patch.fresh)
            writer.add(patch.removed.count)
            writer.add(words: patch.removed.map { UInt64(bitPattern: Int64($0)) })
        }
        return StateJournal.framed(writer)
    }

    static func remove(in folder: URL) {
        unlink(folder.appendingPathComponent(fileName).path)
    }
}
