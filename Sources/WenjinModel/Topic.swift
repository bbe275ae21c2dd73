/// A topic (话题) that questions and articles are filed under.
public struct Topic: Sendable, Hashable, Codable {
    public var id: TopicID
    /// `topic_title`, entity-escaped.
    public var title: String
    /// `topic_description`, raw and entity-escaped; `""` when none.
    public var description: String
    /// Picture path relative to `uploads/topic/` (the `_100_100` variant); `nil` when none.
    public var pic: String?
    /// Followers of the topic.
    public var focusCount: Int
    /// Posts filed under the topic; only the topic list sends it, so it may be unknown.
    public var discussCount: Int?

    public init(id: TopicID, title: String, description: String = "", pic: String? = nil,
                focusCount: Int = 0, discussCount: Int? = nil) {
        self.id = id
        self.title = title
        self.description = description
        self.pic = pic
        self.focusCount = focusCount
        self.discussCount = discussCount
    }
}
