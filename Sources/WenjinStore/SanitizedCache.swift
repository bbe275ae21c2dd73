/// What identifies a sanitizer result: the input's hash and the policy that produced it, so a
/// stricter policy (a new version) misses the cache instead of serving stale output.
package struct SanitizedCacheKey: Hashable, Sendable {
    /// Hex digest of the input HTML, computed by the sanitizer.
    package var contentHash: String
    package var policyVersion: Int

    package init(contentHash: String, policyVersion: Int) {
        self.contentHash = contentHash
        self.policyVersion = policyVersion
    }
}

/// A cached sanitizer result. The store keeps it as text; only the sanitizer turns it back into
/// its trusted HTML type.
package struct SanitizedCacheEntry: Hashable, Sendable {
    package var html: String
    /// What the build learned of the body besides its HTML, as JSON: the sanitizer's report of
    /// what it removed, the community links it resolved, the body's plain text. The store does not
    /// read it; only the build that wrote it does.
    package var recordJSON: String

    package init(html: String, recordJSON: String) {
        self.html = html
        self.recordJSON = recordJSON
    }
}

extension StoreReader {
    package func sanitized(_ key: SanitizedCacheKey) throws(StoreError) -> SanitizedCacheEntry? {
        try connection.queryFirst("""
            SELECT html, record FROM sanitized_cache WHERE content_hash = ? AND policy_version = ?
            """, key.contentHash, key.policyVersion) { SanitizedCacheEntry(html: $0.text(0), recordJSON: $0.text(1)) }
    }
}

extension StoreWriter {
    package func putSanitized(_ entry: SanitizedCacheEntry, for key: SanitizedCacheKey) throws(StoreError) {
        try connection.run("""
            INSERT INTO sanitized_cache (content_hash, policy_version, html, record) VALUES (?, ?, ?, ?)
            ON CONFLICT (content_hash, policy_version) DO UPDATE SET html = excluded.html, record = excluded.record
            """, key.contentHash, key.policyVersion, entry.html, entry.recordJSON)
    }
}
