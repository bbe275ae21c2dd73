/// A topic in the topic square (docs/api.md §2.12) or `api/my_focus_topic.php` (§2.11).
public struct TopicSummary: CountedRow {
    public var id: RemoteTopicID
    public var title: String
    /// Raw stored text (escaped, may hold BBCode).
    public var rawDescription: String
    /// Picture path relative to `uploads/topic/` (`_100_100` size); nil when none.
    public var picture: String?

    public init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in
            try TopicSummary(id: fields.id("topic_id"), title: fields.text("topic_title"),
                             rawDescription: fields.text("topic_description"), picture: fields.optionalPath("topic_pic"))
        }
    }

    public init(id: RemoteTopicID, title: String, rawDescription: String, picture: String?) {
        self.id = id
        self.title = title
        self.rawDescription = rawDescription
        self.picture = picture
    }
}

public typealias TopicListPage = CountedPage<TopicSummary>
