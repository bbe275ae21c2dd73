import Foundation
import WenjinModel

/// The kinds of entity whose earlier versions the store keeps when a later crawl sees an edit.
public enum RevisionKind: String, Sendable, Hashable, CaseIterable {
    case question
    case answer
    case answerComment = "answer_comment"
    case article
    case articleComment = "article_comment"
}

/// An earlier version of an entity, replaced at `replacedAt` by what the store now holds.
public struct Revision: Sendable, Hashable {
    public var kind: RevisionKind
    /// The entity's ID (a question ID for `.question`, and so on).
    public var entityID: Int
    /// The old entity as JSON (the model type's `Codable` form, dates as unix seconds).
    public var oldContentJSON: String
    public var replacedAt: Date

    /// The old entity decoded back into its model type; throws the decoder's error (a revision
    /// read earlier, the store not at hand).
    public func oldContent<Entity: Decodable>(as type: Entity.Type) throws -> Entity {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(type, from: Data(oldContentJSON.utf8))
    }
}

extension StoreReader {
    /// The earlier versions of one entity, oldest first.
    public func revisions(of kind: RevisionKind, id: Int) throws(StoreError) -> [Revision] {
        try connection.query("""
            SELECT entity_kind, entity_id, old_content, replaced_at FROM revisions
            WHERE entity_kind = ? AND entity_id = ? ORDER BY id
            """, kind.rawValue, id) { row throws(StoreError) in
            Revision(kind: try row.value(0, as: RevisionKind.self), entityID: row.int(1),
                     oldContentJSON: row.text(2), replacedAt: row.date(3))
        }
    }

    /// How many earlier versions the store keeps in all.
    public func revisionCount() throws(StoreError) -> Int {
        try connection.queryFirst("SELECT count(*) FROM revisions") { $0.int(0) } ?? 0
    }
}
