/// What a crawl did, for the summary line and for tests.
public struct CrawlSummary: Sendable, Equatable {
    /// HTTP requests sent, retries and robots.txt included.
    public var requests = 0
    /// Tasks finished and stored in this run.
    public var tasksDone = 0
    /// Tasks that failed for good in this run (they are retried by the next crawl).
    public var tasksFailed = 0
    /// Tasks skipped because robots.txt disallows their URL.
    public var disallowed = 0
    /// Retries after network errors, truncated bodies, 408, 429 and 5xx.
    public var retries = 0
    public var assetsStored = 0
    public var assetsMissing = 0
    /// Rows of lists that could not be decoded (kept raw in the store, named in its error).
    public var unreadableRows = 0
    /// Lists that ended early: at a page repeating the one before (more rows promised than
    /// sent), or at the last page of answers read for one question.
    public var listsEndedEarly = 0
    /// Requests the source redirected outside its origin: not followed, their tasks failed.
    public var redirectsRefused = 0
    /// Responses refused for their body: over `maxResponseBytes` (images: `maxAssetBytes`, then
    /// recorded as failed assets) or compressed against wenjin's request.
    public var bodiesRefused = 0
    /// Whether the crawl stopped at `maxRequests` with work left (run it again to go on).
    public var stoppedEarly = false
    public var loggedIn = false
    public var resumed = false
    /// Stored items this crawl queued to re-fetch (`CrawlOptions.reverifyShare`).
    public var reverified = 0
    /// What the crawl found changed in an archive crawled before; nil on a first crawl.
    public var changes: ArchiveChanges?
    public var seconds = 0.0

    public init() {}

    public var requestsPerSecond: Double { seconds > 0 ? Double(requests) / seconds : 0 }
}
