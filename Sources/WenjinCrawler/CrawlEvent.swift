/// What a running crawl tells its caller; the command turns these into a progress bar or log
/// lines. Events arrive from many tasks at once, so the handler must be thread-safe.
package enum CrawlEvent: Sendable {
    /// The crawl began. `resumed` is true when it continues an interrupted crawl.
    case started(resumed: Bool, pending: Int, done: Int)
    /// Something the user should know that does not stop the crawl (crawling logged out).
    case warning(String)
    /// A task finished (stored, or failed for good); `queued` is what is still to do.
    case progress(done: Int, queued: Int, requests: Int, failed: Int)
    /// A task failed for good; the crawl goes on.
    case taskFailed(task: String, error: String)
}
