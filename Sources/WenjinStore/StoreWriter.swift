import Foundation
import WenjinModel

/// What an upsert did, so the crawler can report what was new or changed.
package enum UpsertOutcome: Sendable, Hashable {
    /// The entity was not in the store.
    case inserted
    /// Only counters or metadata changed; no revision was kept.
    case updated
    /// The content a reader sees changed; the old version went into the revision history.
    case revised
    /// The stored entity was identical; nothing was written.
    case unchanged
}

/// Write access to the store inside one `Store.write` transaction.
package struct StoreWriter {
    let connection: Connection

    /// Reads inside the same transaction, seeing this transaction's own writes.
    package var reader: StoreReader { StoreReader(connection: connection) }

    /// The common path of every upsert: compare with the stored version, keep the old version
    /// when the readable content changed, and write only when something changed at all.
    ///
    /// Counters (views, votes, answer counts) change on every crawl — viewing a question bumps its
    /// view count — so they update the row without filling the revision history.
    func save<Entity: Equatable & Encodable>(
        _ entity: Entity, replacing old: Entity?, revision: (kind: RevisionKind, id: Int)?,
        sameContent: (Entity, Entity) -> Bool, write: () throws(StoreError) -> Void
    ) throws(StoreError) -> UpsertOutcome {
        guard let old else {
            try write()
            return .inserted
        }
        if old == entity { return .unchanged }
        var outcome = UpsertOutcome.updated
        if let revision, !sameContent(old, entity) {
            try keepRevision(of: old, kind: revision.kind, id: revision.id)
            outcome = .revised
        }
        try write()
        return outcome
    }

    private func keepRevision<Entity: Encodable>(of old: Entity, kind: RevisionKind, id: Int) throws(StoreError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .secondsSince1970
        let json: String
        do {
            json = String(decoding: try encoder.encode(old), as: UTF8.self)
        } catch {
            throw StoreError(.cannotEncode, path: connection.path, message: "\(kind.rawValue) \(id)", underlying: error)
        }
        try connection.run("""
            INSERT INTO revisions (entity_kind, entity_id, old_content, replaced_at) VALUES (?, ?, ?, ?)
            """, kind.rawValue, id, json, Date())
    }
}
