import Foundation

/// One unit of crawl work, named by a kind the crawler defines (`question`, `explore-page`,
/// `asset`, …) and a key within that kind (an ID, a page number, a URL). The pair is unique.
package struct CrawlTask: Hashable, Sendable, CustomStringConvertible {
    /// A kind of crawl work; the store attaches no meaning to it.
    package struct Kind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        package let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        package init(stringLiteral value: String) { self.rawValue = value }
        package var description: String { rawValue }
    }

    package var kind: Kind
    package var key: String

    package init(kind: Kind, key: String) {
        self.kind = kind
        self.key = key
    }

    package var description: String { "\(kind.rawValue) \(key)" }
}

/// Where a task is in its life.
package enum CrawlTaskState: String, Sendable, Hashable, CaseIterable {
    /// Waiting for its next attempt time.
    case pending
    /// Handed out by `takeDue` and not yet marked done or failed; a killed crawl leaves these,
    /// and `requeueInterrupted` puts them back.
    case running
    case done
    /// Failed for good: the crawler gave up retrying.
    case failed
}

/// A task handed out by `takeDue`, with what the crawler needs to decide on a retry.
package struct DueTask: Hashable, Sendable {
    package var task: CrawlTask
    package var priority: Int
    /// Attempts made before this one.
    package var attempts: Int
    package var lastError: String?
}
