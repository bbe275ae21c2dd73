import Foundation
import WenjinSanitizer
import WenjinStore

/// What the last build left in the store's folder for the next one: the body ledger and the
/// bodies it found empty, the row digests and the listed rows, each with the store's change
/// counter it saw (docs/design.md#store). The ledger's table and journal are only read here,
/// the journal laid over the table beside the store's read (`BodyLedger.Unread`).
struct PreviousBuild {
    let ledger: BodyLedger.Unread?
    let rows: RowDigests?
    /// Mapped, its head checked; its rows are read beside the store's (`ArchiveContent.read`).
    let listed: ListedRows?
    let emptyBodies: EmptyBodies?

    init(stateFolder: URL) {
        ledger = BodyLedger.Unread(folder: stateFolder)
        emptyBodies = EmptyBodies.load(from: stateFolder)
        rows = RowDigests.load(from: stateFolder)
        listed = ListedRows.load(from: stateFolder)
    }

    /// The counter from which rows count as changed: the older of the two the files saw, so
    /// each is brought up to date from its own. None when either is missing, they are of two
    /// stores, or the ledger is of another sanitizer policy (every body is sanitized again, so
    /// all are read at once).
    var since: StoreChanges? {
        guard let ledger, ledger.policyVersion == Sanitizer.policyVersion,
              let bodies = ledger.seen, let digests = rows?.seen, bodies.token == digests.token else { return nil }
        return bodies.counter <= digests.counter ? bodies : digests
    }

    /// Why a build of a store with a change counter reads every row.
    var fullReadNote: String {
        guard let ledger, rows != nil else {
            return "no readable state from an earlier build (body ledger, row digests): reading every row"
        }
        return ledger.policyVersion == Sanitizer.policyVersion
            ? "the build's state does not match the store's change counter: reading every row"
            : "a new sanitizer policy: reading every row"
    }
}
