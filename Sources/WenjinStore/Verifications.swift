import Foundation

/// The items a crawl re-fetches to see whether the source still holds them as stored: each one
/// brings its dependents along (a question its answers and their comment counts, an article
/// its comments), so these three cover the whole archive.
package enum VerifiedKind: String, Sendable, Hashable, CaseIterable {
    case question
    case user
    case article

    /// The table holding the items; fixed names, never user input.
    var table: String {
        switch self {
        case .question: "questions"
        case .user: "users"
        case .article: "articles"
        }
    }
}

extension StoreWriter {
    /// Records that the source was just asked for an item (whether it still had it or not).
    /// Each record takes the next number of one sequence, so "verified longest ago" is exact even
    /// for items verified within the same second or under a clock that was set back.
    package func markVerified(_ kind: VerifiedKind, id: Int, at time: Date) throws(StoreError) {
        try connection.run("""
            INSERT INTO verifications (entity_kind, entity_id, verified_at, sequence)
            VALUES (?, ?, ?, (SELECT coalesce(max(sequence), 0) + 1 FROM verifications))
            ON CONFLICT (entity_kind, entity_id) DO UPDATE SET verified_at = excluded.verified_at,
                sequence = excluded.sequence
            """, kind.rawValue, id, time)
    }
}

extension StoreReader {
    /// How many items of a kind the store holds.
    package func itemCount(_ kind: VerifiedKind) throws(StoreError) -> Int {
        try connection.queryFirst("SELECT count(*) FROM \(kind.table)") { $0.int(0) } ?? 0
    }

    /// The stored items the source was asked for longest ago (never asked first, by id).
    package func leastRecentlyVerified(_ kind: VerifiedKind, limit: Int) throws(StoreError) -> [Int] {
        try connection.query("""
            SELECT item.id FROM \(kind.table) AS item
            LEFT JOIN verifications AS v ON v.entity_kind = ? AND v.entity_id = item.id
            ORDER BY coalesce(v.sequence, 0), item.id LIMIT ?
            """, kind.rawValue, max(0, limit)) { $0.int(0) }
    }

    /// When the source last confirmed an item; nil when it never did.
    package func verificationTime(_ kind: VerifiedKind, id: Int) throws(StoreError) -> Date? {
        try connection.queryFirst("SELECT verified_at FROM verifications WHERE entity_kind = ? AND entity_id = ?",
                                  kind.rawValue, id) { $0.date(0) }
    }
}
