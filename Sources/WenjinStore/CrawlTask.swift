import Foundation

/// One unit of crawl work, named by a kind the crawler defines (`question`, `explore-page`,
/// `asset`, …) and a key within that kind (an ID, a page number, a URL). The pair is unique.
public struct CrawlTask: Hashable, Sendable, CustomStringConvertible {
    /// A kind of crawl work; the store attaches no meaning to it.
    public struct Kind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(stringLiteral value: String) { self.rawValue = value }
        public var description: String { rawValue }
    }

    public var kind: Kind
    public var key: String

    public init(kind: Kind, key: String) {
        self.kind = kind
        self.key = key
    }

    public var description: String { "\(kind.rawValue) \(key)" }
}

/// Where a task is in its life.
public enum CrawlTaskState: String, Sendable, Hashable, CaseIterable {
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
public struct DueTask: Hashable, Sendable {
    public var task: CrawlTask
    public var priority: Int
    /// Attempts made before this one.
    public var attempts: Int
    public var lastError: String?
}
