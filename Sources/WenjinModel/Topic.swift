/// A topic (话题) that questions and articles are filed under.
package struct Topic: Sendable, Hashable, Codable, Identifiable {
    package var id: TopicID
    /// `topic_title`, entity-escaped.
    package var title: String
    /// `topic_description`, raw and entity-escaped; `""` when none.
    package var description: String
    /// Picture path relative to `uploads/topic/` (the `_100_100` variant); `nil` when none.
    package var pic: String?
    /// Followers of the topic.
    package var focusCount: Int
    /// Posts filed under the topic; only the topic list sends it, so it may be unknown.
    package var discussCount: Int?

    package init(id: TopicID, title: String, description: String = "", pic: String? = nil,
                focusCount: Int = 0, discussCount: Int? = nil) {
        self.id = id
        self.title = title
        self.description = description
        self.pic = pic
        self.focusCount = focusCount
        self.discussCount = discussCount
    }
}
