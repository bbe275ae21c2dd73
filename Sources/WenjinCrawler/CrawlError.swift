import Foundation
import WenjinAPI
import WenjinStore

/// The one error type of WenjinCrawler: a crawl that could not start or had to stop, with
/// what failed and the context a user needs to act on it.
package struct CrawlError: Error, Sendable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        /// The login was refused or failed; the API's error says why (refused, unreachable, redirected …).
        case loginFailed(APIError)
        /// robots.txt could not be read (a 5xx or no answer, with the API's error saying which):
        /// RFC 9309 says to crawl nothing then.
        case robotsUnavailable(APIError)
        /// More than the allowed share of tasks failed for good.
        case tooManyFailures(failed: Int, finished: Int, allowedShare: Double)
        /// The store could not be read or written; the store's own error, with SQLite's code.
        case store(StoreError)
        /// The asset folder could not be written; `underlying` says why.
        case assetFolder
    }

    package var reason: Reason
    /// The URL or store path concerned, when there is one.
    package var location: String?
    /// A few of the tasks that failed, as `kind key: error` lines.
    package var examples: [String]

    /// The error of the layer below (the file system's), kept whole for the command line's report.
    package var underlying: (any Error)?

    package init(_ reason: Reason, location: String? = nil, examples: [String] = [], underlying: (any Error)? = nil) {
        self.reason = reason
        self.location = location
        self.examples = examples
        self.underlying = underlying
    }

    /// Any other error met while storing, as the store's error so its text is kept.
    static func storing(_ error: any Error, path: String) -> CrawlError {
        if let error = error as? CrawlError { return error }
        let storeError = error as? StoreError ?? StoreError(.cannotEncode, path: path, underlying: error)
        return CrawlError(.store(storeError), location: path)
    }

    package var description: String {
        var text = "crawl error: \(reason)"
        if let location { text += " at \(location)" }
        if !examples.isEmpty { text += "; e.g. " + examples.joined(separator: "; ") }
        if let underlying { text += ": \(underlying)" }
        return text
    }
}
