import Foundation
import WenjinBuildSupport
import WenjinSanitizer

/// One Atom feed (the whole site's newest items, or one topic's), as values.
package struct AtomFeed: Sendable {
    /// Where the feed is written, relative to the site root: `feed.xml`, `topics/12/feed.xml`.
    package var path: SitePath
    package var title: String
    package var subtitle: String?
    /// The page the feed follows, relative to the site root: `index.html`, `topics/12.html`.
    package var pageURL: String
    /// Newest first is usual; written in the order given.
    package var entries: [AtomEntry]
    /// When nil, the newest `updated` of the entries (the Unix epoch for an empty feed), so
    /// that the feed's date never depends on the clock.
    package var updated: Date?

    package init(path: SitePath, title: String, subtitle: String? = nil, pageURL: String,
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
package struct AtomEntry: Sendable {
    package var title: String
    /// The item's page relative to the site root: `questions/3521.html`.
    package var url: String
    package var published: Date
    package var updated: Date
    /// Nil for an anonymous author.
    package var author: String?
    /// Plain text.
    package var summary: String?
    /// The body as the site shows it; its relative links resolve against the entry's page.
    package var content: SanitizedHTML?
    /// Topic names.
    package var categories: [String]

    package init(title: String, url: String, published: Date, updated: Date, author: String? = nil,
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
