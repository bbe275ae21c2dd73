import Foundation
import WenjinAPI
import WenjinSanitizer

/// Everything a crawl needs to know, set by the command from site.json and its own options.
/// The crawler never reads site.json itself, so it knows nothing of sites or commands.
package struct CrawlOptions: Sendable {
    /// A user name and password for `login_process`; held in memory only.
    package struct Credentials: Sendable {
        package var userName: String
        package var password: String

        package init(userName: String, password: String) {
            self.userName = userName
            self.password = password
        }
    }

    /// Which API dialect the source speaks (site.json `source.flavor`).
    package enum Flavor: String, Sendable, CaseIterable {
        /// WENJIN's API, which marks anonymous posts itself (uid −1, `anonymous`).
        case wenjin
        /// Upstream WeCenter 3.1 + ifLab API, which sends an anonymous post's real author and no
        /// flag: anonymity is read from each question's web page, and a post counts as anonymous
        /// until its page was read.
        case wecenter
    }

    package var source: APIBaseURL
    package var flavor = Flavor.wenjin
    /// Nil crawls logged out (one answer per question on WENJIN; the crawl warns).
    package var credentials: Credentials?
    /// Where downloaded images go, each named by the SHA-256 of its bytes (`.wenjin/assets/`).
    package var assetsFolder: URL
    /// Requests per second to one host over all connections; 0 means no limit.
    package var requestsPerSecond: Double = 1
    /// Requests in flight at once to one host.
    package var connectionsPerHost: Int = 2
    /// Further attempts after a network error, a truncated body, 408, 429 or 5xx.
    package var retries: Int = 5
    /// First retry delay; each retry doubles it (with jitter) up to `backoffMax`.
    package var backoffBase: Duration = .seconds(1)
    package var backoffMax: Duration = .seconds(60)
    /// Multiplies every wait before a retry, backoff and `Retry-After` alike; 1 (real time) in
    /// every command. Tests run at 1/100 so they check that a crawl waits as asked, on this
    /// scaled clock, without spending the seconds (docs/design.md#politeness).
    package var retryWaitScale = 1.0
    /// Idle timeout: how long a request may wait for its next byte.
    package var timeout: Duration = .seconds(30)
    /// Total deadline of one request, however steadily its bytes trickle in.
    package var deadline: Duration = .seconds(120)
    /// Larger responses (API, web page, robots.txt) are aborted at this many bytes and fail.
    package var maxResponseBytes = 16 * 1024 * 1024
    package var userAgent: String = APIClient.defaultUserAgent
    package var obeyRobotsTxt = true
    /// The crawl fails when more than this share (0...1) of its tasks failed for good.
    package var maxFailureShare = 0.05
    /// Hosts images may come from besides the source's own origin (site.json
    /// `crawl.assetHosts`); any other image is recorded as refused and its page links the original.
    package var assetHosts: [String] = CommunityHosts.historical
    /// Larger images are aborted at this many bytes, recorded as failed and not stored.
    package var maxAssetBytes = 10 * 1024 * 1024
    /// The share (0...1) of stored questions, users and articles each crawl re-fetches, those
    /// verified longest ago, so every item is checked again within ceil(1/share) crawls; 1
    /// re-verifies everything (`wenjin crawl --full`), 0 follows explore alone.
    package var reverifyShare = defaultReverifyShare
    package static let defaultReverifyShare = 0.05
    /// Stop after this many requests; the next crawl resumes where this one stopped.
    package var maxRequests: Int?

    package init(source: APIBaseURL, assetsFolder: URL, credentials: Credentials? = nil) {
        self.source = source
        self.assetsFolder = assetsFolder
        self.credentials = credentials
    }

    /// From a base URL as text (`http://127.0.0.1:8080/`); nil when it is not an http(s) base.
    package init?(source text: String, assetsFolder: URL, credentials: Credentials? = nil) {
        guard let base = APIBaseURL(text) else { return nil }
        self.init(source: base, assetsFolder: assetsFolder, credentials: credentials)
    }
}
