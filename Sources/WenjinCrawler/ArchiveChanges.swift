/// What a crawl found changed in an archive crawled before: the summary's answer to "what did
/// the source change since last time", whether explore showed it or re-verification found it.
public struct ArchiveChanges: Sendable, Equatable {
    /// Questions, answers, comments and articles whose stored text changed (old versions kept).
    public var edited = 0
    /// Entities the source no longer has, recorded now (their content stays in the store).
    public var deleted = 0
    /// Entities recorded as deleted that the source serves again.
    public var restored = 0
    /// Comments under answers and articles the store did not hold.
    public var newComments = 0
    /// Users whose name, nick name, signature or picture changed.
    public var profilesChanged = 0

    public init(edited: Int = 0, deleted: Int = 0, restored: Int = 0, newComments: Int = 0, profilesChanged: Int = 0) {
        self.edited = edited
        self.deleted = deleted
        self.restored = restored
        self.newComments = newComments
        self.profilesChanged = profilesChanged
    }

    public var isEmpty: Bool { self == ArchiveChanges() }
}
