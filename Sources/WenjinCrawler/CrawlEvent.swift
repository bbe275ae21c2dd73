/// What a running crawl tells its caller; the command turns these into a progress bar or log
/// lines. Events arrive from many tasks at once, so the handler must be thread-safe.
public enum CrawlEvent: Sendable {
    /// The crawl began. `resumed` is true when it continues an interrupted crawl.
    case started(resumed: Bool, pending: Int, done: Int)
    /// Something the user should know that does not stop the crawl (crawling logged out).
    case warning(String)
    /// A task finished (stored, or failed for good); `queued` is what is still to do.
    case progress(done: Int, queued: Int, requests: Int, failed: Int)
    /// A task failed for good; the crawl goes on.
    case taskFailed(task: String, error: String)
}

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
    /// Whether the crawl stopped at `maxRequests` with work left (run it again to go on).
    public var stoppedEarly = false
    public var loggedIn = false
    public var resumed = false
    public var seconds = 0.0

    public init() {}

    public var requestsPerSecond: Double { seconds > 0 ? Double(requests) / seconds : 0 }
}
