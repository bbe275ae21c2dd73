/// What a crawl did, for the summary line and for tests.
package struct CrawlSummary: Sendable, Equatable {
    /// HTTP requests sent, retries and robots.txt included.
    package var requests = 0
    /// Tasks finished and stored in this run.
    package var tasksDone = 0
    /// Tasks that failed for good in this run (they are retried by the next crawl).
    package var tasksFailed = 0
    /// Tasks skipped because robots.txt disallows their URL.
    package var disallowed = 0
    /// Retries after network errors, truncated bodies, 408, 429 and 5xx.
    package var retries = 0
    package var assetsStored = 0
    package var assetsMissing = 0
    /// Rows of lists that could not be decoded (kept raw in the store, named in its error).
    package var unreadableRows = 0
    /// Lists that ended early: at a page repeating the one before (more rows promised than
    /// sent), or at the last page of answers read for one question.
    package var listsEndedEarly = 0
    /// Requests the source redirected outside its origin: not followed, their tasks failed.
    package var redirectsRefused = 0
    /// Responses refused for their body: over `maxResponseBytes` (images: `maxAssetBytes`, then
    /// recorded as failed assets) or compressed against wenjin's request.
    package var bodiesRefused = 0
    /// Whether the crawl stopped at `maxRequests` with work left (run it again to go on).
    package var stoppedEarly = false
    package var loggedIn = false
    package var resumed = false
    /// Stored items this crawl queued to re-fetch (`CrawlOptions.reverifyShare`).
    package var reverified = 0
    /// What the crawl found changed in an archive crawled before; nil on a first crawl.
    package var changes: ArchiveChanges?
    package var seconds = 0.0

    package init() {}

    package var requestsPerSecond: Double { seconds > 0 ? Double(requests) / seconds : 0 }
}
