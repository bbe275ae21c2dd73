extension SiteConfig {
    /// What the archive withholds: takedowns asked for by members and moderators, and what it
    /// shows of content the source deleted. Both are applied at build time, never by a re-crawl.
    package struct Privacy: Sendable, Equatable {
        /// What a page deleted upstream becomes (the store keeps its content either way).
        package enum DeletedPolicy: String, Sendable, CaseIterable {
            /// The page stays with a 「原帖已删除」 notice instead of the content.
            case tombstone
            /// The page is gone, and links to it become plain text.
            case remove
            /// The content stays, marked as deleted.
            case keep
        }

        /// The takedowns file (`Takedowns`); a missing file means no takedowns.
        package var takedowns = ConfigPath("takedowns.json")
        package var deleted = DeletedPolicy.tombstone

        package init() {}
    }
}
