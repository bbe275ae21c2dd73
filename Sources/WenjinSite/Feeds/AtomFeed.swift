import Foundation
import WenjinBuildSupport
import WenjinSanitizer

/// One Atom feed (the whole site's newest items, or one topic's), as values.
public struct AtomFeed: Sendable {
    /// Where the feed is written, relative to the site root: `feed.xml`, `topics/12/feed.xml`.
    public var path: SitePath
    public var title: String
    public var subtitle: String?
    /// The page the feed follows, relative to the site root: `index.html`, `topics/12.html`.
    public var pageURL: String
    /// Newest first is usual; written in the order given.
    public var entries: [AtomEntry]
    /// When nil, the newest `updated` of the entries (the Unix epoch for an empty feed), so
    /// that the feed's date never depends on the clock.
    public var updated: Date?

    public init(path: SitePath, title: String, subtitle: String? = nil, pageURL: String,
                entries: [AtomEntry], updated: Date? = nil) {
        self.path = path
        self.title = title
        self.subtitle = subtitle
        self.pageURL = pageURL
        self.entries = entries
        self.updated = updated
    }
}

/// A question or article in a feed.
public struct AtomEntry: Sendable {
    public var title: String
    /// The item's page relative to the site root: `questions/3521.html`.
    public var url: String
    public var published: Date
    public var updated: Date
    /// Nil for an anonymous author.
    public var author: String?
    /// Plain text.
    public var summary: String?
    /// The body as the site shows it; its relative links resolve against the entry's page.
    public var content: SanitizedHTML?
    /// Topic names.
    public var categories: [String]

    public init(title: String, url: String, published: Date, updated: Date, author: String? = nil,
                summary: String? = nil, content: SanitizedHTML? = nil, categories: [String] = []) {
        self.title = title
        self.url = url
        self.published = published
        self.updated = updated
        self.author = author
        self.summary = summary
        self.content = content
        self.categories = categories
    }
}
