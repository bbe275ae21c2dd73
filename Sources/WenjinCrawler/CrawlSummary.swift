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
    /// Requests the source redirected outside its origin: not followed, their tasks failed.
    public var redirectsRefused = 0
    /// Responses refused for their body: over `maxResponseBytes` (images: `maxAssetBytes`, then
    /// recorded as failed assets) or compressed against wenjin's request.
    public var bodiesRefused = 0
    /// Whether the crawl stopped at `maxRequests` with work left (run it again to go on).
    public var stoppedEarly = false
    public var loggedIn = false
    public var resumed = false
    public var seconds = 0.0

    public init() {}

    public var requestsPerSecond: Double { seconds > 0 ? Double(requests) / seconds : 0 }
}
