import Foundation
import WenjinAPI
import WenjinModel
import WenjinStore

/// Deletions upstream: an entity the source answers "does not exist" for, or one missing from a
/// complete list of its parent, is recorded in the store as deleted when first seen missing (its
/// content and revisions stay); one the source serves again is cleared.
extension Crawler {
    /// After a fetch that succeeded: the entity exists, and its item was verified now.
    func confirmed(_ job: CrawlJob, in writer: StoreWriter) throws {
        if let (kind, id) = job.deletable, try writer.clearDeleted(kind, id: id) { count { $0.restored += 1 } }
        if let (kind, id) = job.verified { try writer.markVerified(kind, id: id, at: Date()) }
    }

    /// The source answered that the job's entity does not exist. Only an entity the store holds
    /// is recorded; one never stored has nothing to mark (a list named it, then it went away).
    func recordMissing(_ job: CrawlJob, response: APIResponse?, in writer: StoreWriter) throws {
        if let response { try keep(response, in: writer) }
        if let (kind, id) = job.verified { try writer.markVerified(kind, id: id, at: Date()) }
        guard let (kind, id) = job.deletable, try Self.holds(kind, id, writer) else { return }
        if try writer.markDeleted(kind, id: id, at: Date()) { count { $0.deleted += 1 } }
    }

    /// Reconciles a parent's list with the store: every listed entity exists; when the list is
    /// complete, every stored one it lacks was deleted.
    func reconcile(_ kind: DeletableKind, listed: [Int], stored: [Int], complete: Bool, in writer: StoreWriter) throws {
        var restored = 0
        var deleted = 0
        for id in listed where try writer.clearDeleted(kind, id: id) { restored += 1 }
        if complete {
            let present = Set(listed)
            for id in stored where !present.contains(id) {
                if try writer.markDeleted(kind, id: id, at: Date()) { deleted += 1 }
            }
        }
        if restored + deleted > 0 {
            count { tally in
                tally.restored += restored
                tally.deleted += deleted
            }
        }
    }

    private static func holds(_ kind: DeletableKind, _ id: Int, _ writer: StoreWriter) throws -> Bool {
        let reader = writer.reader
        return switch kind {
        case .question: try reader.question(QuestionID(id)) != nil
        case .answer: try reader.answer(AnswerID(id)) != nil
        case .answerComment: try reader.answerComment(AnswerCommentID(id)) != nil
        case .article: try reader.article(ArticleID(id)) != nil
        case .articleComment: try reader.articleComment(ArticleCommentID(id)) != nil
        case .user: try reader.user(UserID(id)) != nil
        }
    }
}

extension CrawlJob {
    /// The entity whose own endpoint this job asks for, which can answer "does not exist".
    var deletable: (DeletableKind, Int)? {
        switch self {
        case .question(let id): (.question, id)
        case .answer(let id): (.answer, id)
        case .user(let id): (.user, id)
        case .article(let id): (.article, id)
        default: nil
        }
    }

    /// The item this job verifies against the source (see `VerifiedKind`).
    var verified: (VerifiedKind, Int)? {
        switch self {
        case .question(let id): (.question, id)
        case .user(let id): (.user, id)
        case .article(let id): (.article, id)
        default: nil
        }
    }
}
