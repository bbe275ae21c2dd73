import Foundation
import WenjinModel

/// The kinds of entity the source can answer "no longer exists" for.
package enum DeletableKind: String, Sendable, Hashable, CaseIterable {
    case question
    case answer
    case answerComment = "answer_comment"
    case article
    case articleComment = "article_comment"
    case user
}

extension StoreWriter {
    /// Records that the source no longer has an entity. The first sighting's time is kept: a
    /// later crawl that sees it missing again changes nothing. The entity's row and revisions stay.
    /// Returns whether this call recorded it (false when it was recorded before).
    @discardableResult
    package func markDeleted(_ kind: DeletableKind, id: Int, at time: Date) throws(StoreError) -> Bool {
        try connection.run("""
            INSERT INTO deletions (entity_kind, entity_id, deleted_at) VALUES (?, ?, ?)
            ON CONFLICT (entity_kind, entity_id) DO NOTHING
            """, kind.rawValue, id, time)
        return connection.changes == 1
    }

    /// Forgets a deletion: the source serves the entity again (a moderator restored it).
    /// Returns whether there was one.
    @discardableResult
    package func clearDeleted(_ kind: DeletableKind, id: Int) throws(StoreError) -> Bool {
        try connection.run("DELETE FROM deletions WHERE entity_kind = ? AND entity_id = ?", kind.rawValue, id)
        return connection.changes == 1
    }
}

extension StoreReader {
    /// When the source was first seen without the entity; nil while it exists.
    package func deletionTime(_ kind: DeletableKind, id: Int) throws(StoreError) -> Date? {
        try connection.queryFirst("SELECT deleted_at FROM deletions WHERE entity_kind = ? AND entity_id = ?",
                                  kind.rawValue, id) { $0.date(0) }
    }

    /// Everything the source deleted, by kind, as the build applies `privacy.deleted`.
    package func deletedContent() throws(StoreError) -> DeletedContent {
        var deleted = DeletedContent()
        _ = try connection.query("SELECT entity_kind, entity_id FROM deletions") { row throws(StoreError) in
            let id = row.int(1)
            switch try row.value(0, as: DeletableKind.self) {
            case .question: deleted.questions.insert(QuestionID(id))
            case .answer: deleted.answers.insert(AnswerID(id))
            case .answerComment: deleted.answerComments.insert(AnswerCommentID(id))
            case .article: deleted.articles.insert(ArticleID(id))
            case .articleComment: deleted.articleComments.insert(ArticleCommentID(id))
            case .user: deleted.users.insert(UserID(id))
            }
        }
        return deleted
    }
}
