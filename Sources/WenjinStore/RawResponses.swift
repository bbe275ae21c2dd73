import Foundation

/// An API response exactly as it arrived, kept so the site can be rebuilt offline and decoding
/// bugs fixed without a re-crawl. The store keeps the latest response per URL.
package struct RawResponse: Sendable, Hashable {
    package var url: URL
    /// HTTP status; 0 when no response arrived (then `error` says why).
    package var status: Int
    package var fetchedAt: Date
    /// Validators for a conditional re-fetch.
    package var etag: String?
    package var lastModified: String?
    package var contentType: String?
    package var body: Data
    /// Why the response could not be used (network failure, undecodable body), if it could not.
    package var error: String?

    package init(url: URL, status: Int, fetchedAt: Date, etag: String? = nil, lastModified: String? = nil,
                contentType: String? = nil, body: Data, error: String? = nil) {
        self.url = url
        self.status = status
        self.fetchedAt = fetchedAt
        self.etag = etag
        self.lastModified = lastModified
        self.contentType = contentType
        self.body = body
        self.error = error
    }
}

extension StoreReader {
    /// The latest response stored for `url`.
    package func rawResponse(for url: URL) throws(StoreError) -> RawResponse? {
        try connection.queryFirst("""
            SELECT status, fetched_at, etag, last_modified, content_type, body, error
            FROM raw_responses WHERE url = ?
            """, url.absoluteString) {
            RawResponse(url: url, status: $0.int(0), fetchedAt: $0.date(1), etag: $0.optionalText(2),
                        lastModified: $0.optionalText(3), contentType: $0.optionalText(4), body: $0.blob(5),
                        error: $0.optionalText(6))
        }
    }
}

extension StoreWriter {
    /// Stores a response, replacing any earlier one for the same URL.
    package func put(_ response: RawResponse) throws(StoreError) {
        try connection.run("""
            INSERT INTO raw_responses (url, status, fetched_at, etag, last_modified, content_type, body, error)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (url) DO UPDATE SET
                status = excluded.status, fetched_at = excluded.fetched_at, etag = excluded.etag,
                last_modified = excluded.last_modified, content_type = excluded.content_type,
                body = excluded.body, error = excluded.error
            """, response.url.absoluteString, response.status, response.fetchedAt, response.etag,
            response.lastModified, response.contentType, response.body, response.error)
    }
}
