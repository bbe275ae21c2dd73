import Foundation
import WenjinModel

/// The kinds of entity whose earlier versions the store keeps when a later crawl sees an edit.
package enum RevisionKind: String, Sendable, Hashable, CaseIterable {
    case question
    case answer
    case answerComment = "answer_comment"
    case article
    case articleComment = "article_comment"
}

/// An earlier version of an entity, replaced at `replacedAt` by what the store now holds.
package struct Revision: Sendable, Hashable {
    package var kind: RevisionKind
    /// The entity's ID (a question ID for `.question`, and so on).
    package var entityID: Int
    /// The old entity as JSON (the model type's `Codable` form, dates as unix seconds).
    package var oldContentJSON: String
    package var replacedAt: Date

    /// The old entity decoded back into its model type; throws the decoder's error (a revision
    /// read earlier, the store not at hand).
    package func oldContent<Entity: Decodable>(as type: Entity.Type) throws -> Entity {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: Data(oldContentJSON.utf8))
    }
}

extension StoreReader {
    /// The earlier versions of one entity, oldest first.
    package func revisions(of kind: RevisionKind, id: Int) throws(StoreError) -> [Revision] {
        try connection.query("""
            SELECT entity_kind, entity_id, old_content, replaced_at FROM revisions
            WHERE entity_kind = ? AND entity_id = ? ORDER BY id
            """, kind.rawValue, id) { row throws(StoreError) in
            Revision(kind: try row.value(0, as: RevisionKind.self), entityID: row.int(1),
                     oldContentJSON: row.text(2), replacedAt: row.date(3))
        }
    }

    /// How many earlier versions the store keeps in all.
    package func revisionCount() throws(StoreError) -> Int {
        try connection.queryFirst("SELECT count(*) FROM revisions") { $0.int(0) } ?? 0
    }
}
