import WenjinSanitizer

extension SiteConfig {
    /// Crawl politeness. The defaults suit a real remote site (docs/design.md#politeness); the
    /// repository's own site.json lifts the rate limit for the local sample server.
    package struct Crawl: Sendable, Equatable {
        /// Requests per second over all connections; 0 means no limit.
        package var requestsPerSecond = 1.0
        package var connectionsPerHost = 2
        /// Further attempts after a network error, 408, 429 or 5xx.
        package var retries = 5
        /// First retry delay; each retry doubles it (with jitter) up to `backoffMax`.
        package var backoffBase = Duration.seconds(1)
        package var backoffMax = Duration.seconds(60)
        /// Idle timeout: how long one request may wait for its next byte.
        package var timeout = Duration.seconds(30)
        /// Total deadline of one request, from sending it to its last byte, however steadily a
        /// server trickles its head or body.
        package var deadline = Duration.seconds(120)
        /// Responses (API, web pages, robots.txt) larger than this are aborted at the cap and their
        /// task fails; at most SQLite's largest value, so a kept response can always be stored.
        package var maxResponseBytes = 16 * 1024 * 1024
        package var userAgent = "wenjin/0.1 (static archive of a WENJIN community)"
        package var obeyRobotsTxt = true
        /// The crawl fails when more than this share (0...1) of requests failed for good.
        package var maxFailureShare = 0.05
        /// Hosts images may be downloaded from besides the source's own origin (lower-case
        /// names); `[]` for none. Others are recorded as refused and their pages link the original.
        package var assetHosts = CommunityHosts.historical
        /// Larger images are not downloaded (aborted at the cap); their pages link to the original.
        package var maxAssetBytes = 10 * 1024 * 1024
        /// The share (0...1) of stored questions, users and articles each crawl fetches again,
        /// those verified longest ago: every item is re-checked within ceil(1/share) crawls.
        package var reverifyShare = 0.05

        package init() {}
    }
}
