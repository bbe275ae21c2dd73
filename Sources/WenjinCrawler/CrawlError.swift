import Foundation

/// The one error type of WenjinCrawler: a crawl that could not start or had to stop, with
/// what failed and the context a user needs to act on it.
public struct CrawlError: Error, Sendable, CustomStringConvertible {
    public enum Reason: Sendable, Equatable {
        /// The login was refused or failed; the text says why.
        case loginFailed(String)
        /// robots.txt could not be read (a 5xx or no answer): RFC 9309 says to crawl nothing then.
        case robotsUnavailable
        /// More than the allowed share of tasks failed for good.
        case tooManyFailures(failed: Int, finished: Int, allowedShare: Double)
        /// The store could not be read or written; the text is the store's error.
        case store(String)
        /// The asset folder could not be written.
        case assetFolder(String)
    }

    public var reason: Reason
    /// The URL or store path concerned, when there is one.
    public var location: String?
    /// A few of the tasks that failed, as `kind key: error` lines.
    public var examples: [String]

    public init(_ reason: Reason, location: String? = nil, examples: [String] = []) {
        self.reason = reason
        self.location = location
        self.examples = examples
    }

    public var description: String {
        var text = "crawl error: \(reason)"
        if let location { text += " at \(location)" }
        if !examples.isEmpty { text += "; e.g. " + examples.joined(separator: "; ") }
        return text
    }
}
