/// What identifies a sanitizer result: the input's hash and the policy that produced it, so a
/// stricter policy (a new version) misses the cache instead of serving stale output.
public struct SanitizedCacheKey: Hashable, Sendable {
    /// Hex digest of the input HTML, computed by the sanitizer.
    public var contentHash: String
    public var policyVersion: Int

    public init(contentHash: String, policyVersion: Int) {
        self.contentHash = contentHash
        self.policyVersion = policyVersion
    }
}

/// A cached sanitizer result. The store keeps it as text; only the sanitizer turns it back into
/// its trusted HTML type.
public struct SanitizedCacheEntry: Hashable, Sendable {
    public var html: String
    /// The sanitizer's report of what it removed, as JSON.
    public var reportJSON: String

    public init(html: String, reportJSON: String) {
        self.html = html
        self.reportJSON = reportJSON
    }
}

extension StoreReader {
    public func sanitized(_ key: SanitizedCacheKey) throws -> SanitizedCacheEntry? {
        try connection.queryFirst("""
            SELECT html, report FROM sanitized_cache WHERE content_hash = ? AND policy_version = ?
            """, key.contentHash, key.policyVersion) { SanitizedCacheEntry(html: $0.text(0), reportJSON: $0.text(1)) }
    }
}

extension StoreWriter {
    public func putSanitized(_ entry: SanitizedCacheEntry, for key: SanitizedCacheKey) throws {
        try connection.run("""
            INSERT INTO sanitized_cache (content_hash, policy_version, html, report) VALUES (?, ?, ?, ?)
            ON CONFLICT (content_hash, policy_version) DO UPDATE SET html = excluded.html, report = excluded.report
            """, key.contentHash, key.policyVersion, entry.html, entry.reportJSON)
    }
}
