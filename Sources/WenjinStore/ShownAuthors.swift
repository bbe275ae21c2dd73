import Foundation
import WenjinModel

// Anonymity in the store is one-way from the API's side: an upsert can make a post anonymous
// but never unmask it, so the order in which lists, details and pages arrive does not matter.
// Only what the community's web page shows (`ShownAuthor`) decides a post it has seen, and a
// post a page once showed as anonymous stays anonymous.

extension ShownAuthor.Post {
    var kind: String {
        switch self {
        case .question: "question"
        case .answer: "answer"
        }
    }

    var id: Int {
        switch self {
        case .question(let id): id.rawValue
        case .answer(let id): id.rawValue
        }
    }
}

extension StoreReader {
    /// What the source's web page last showed as the post's author; nil before a page was read.
    package func shownAuthor(of post: ShownAuthor.Post) throws(StoreError) -> ShownAuthor? {
        try connection.queryFirst("SELECT user_id FROM shown_authors WHERE post_kind = ? AND post_id = ?", post.kind, post.id) {
            ShownAuthor(post: post, userID: $0.optionalInt(0).map { UserID($0) })
        }
    }

    /// Whether the post's author must stay hidden, for a row about to be written: the web page's
    /// word when there is one (a page naming someone else than the API's author counts as
    /// anonymous), else anonymous if either the new or the stored row says so.
    func hidesAuthor(of post: ShownAuthor.Post, author: UserID?, claimed: Bool, stored: Bool?) throws(StoreError) -> Bool {
        guard let shown = try shownAuthor(of: post) else { return claimed || stored == true }
        return shown.userID == nil || shown.userID != author
    }
}

extension StoreWriter {
    /// Records what the source's web page shows as a post's author and applies it to the post's
    /// row when it is stored (a row stored later takes it from here). An anonymous sighting is
    /// kept even if a later page names someone.
    package func record(_ shown: ShownAuthor, at time: Date) throws(StoreError) {
        try connection.run("""
            INSERT INTO shown_authors (post_kind, post_id, user_id, seen_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (post_kind, post_id) DO UPDATE SET
                user_id = CASE WHEN shown_authors.user_id IS NULL THEN NULL ELSE excluded.user_id END,
                seen_at = excluded.seen_at
            """, shown.post.kind, shown.post.id, shown.userID, time)
        let effective = try reader.shownAuthor(of: shown.post)?.userID
        switch shown.post {
        case .question(let id):
            try connection.run("UPDATE questions SET is_anonymous = (? IS NULL OR asker_id IS NOT ?) WHERE id = ?",
                               effective, effective, id)
        case .answer(let id):
            try connection.run("UPDATE answers SET is_anonymous = (? IS NULL OR author_id IS NOT ?) WHERE id = ?",
                               effective, effective, id)
        }
    }
}
