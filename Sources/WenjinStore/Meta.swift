/// The name of a value in the store's `meta` table.
package struct MetaKey: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    package let rawValue: String
    package init(rawValue: String) { self.rawValue = rawValue }
    package init(stringLiteral value: String) { self.rawValue = value }
    package var description: String { rawValue }

    /// The community's base URL the store was crawled from.
    package static let sourceURL: MetaKey = "source_url"
    /// When the last crawl started and finished (ISO 8601, UTC).
    package static let crawlStartedAt: MetaKey = "crawl_started_at"
    package static let crawlFinishedAt: MetaKey = "crawl_finished_at"
}

extension StoreReader {
    package func meta(_ key: MetaKey) throws(StoreError) -> String? {
        try connection.queryFirst("SELECT value FROM meta WHERE key = ?", key.rawValue) { $0.text(0) }
    }
}

extension StoreWriter {
    /// Sets a value; `nil` removes it.
    package func setMeta(_ key: MetaKey, _ value: String?) throws(StoreError) {
        if let value {
            try connection.run("""
                INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value
                """, key.rawValue, value)
        } else {
            try connection.run("DELETE FROM meta WHERE key = ?", key.rawValue)
        }
    }
}
