/// What a crawl found changed in an archive crawled before: the summary's answer to "what did
/// the source change since last time", whether explore showed it or re-verification found it.
package struct ArchiveChanges: Sendable, Equatable {
    /// Questions, answers, comments and articles whose stored text changed (old versions kept).
    package var edited = 0
    /// Entities the source no longer has, recorded now (their content stays in the store).
    package var deleted = 0
    /// Entities recorded as deleted that the source serves again.
    package var restored = 0
    /// Comments under answers and articles the store did not hold.
    package var newComments = 0
    /// Users whose name, nick name, signature or picture changed.
    package var profilesChanged = 0

    package init(edited: Int = 0, deleted: Int = 0, restored: Int = 0, newComments: Int = 0, profilesChanged: Int = 0) {
        self.edited = edited
        self.deleted = deleted
        self.restored = restored
        self.newComments = newComments
        self.profilesChanged = profilesChanged
    }

    package var isEmpty: Bool { self == ArchiveChanges() }
}
