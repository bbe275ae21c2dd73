/// An article row of the explore list.
public struct ExploreArticle: Sendable, Equatable {
    public var id: RemoteArticleID
    public var title: String
    public var addTime: Int
    public var viewCount: Int
    public var commentCount: Int
    public var topics: [TopicReference]
    public var author: UserSummary?

    init(_ row: FieldReader) throws(FieldReader.Problem) {
        id = try row.id("id")
        title = try row.text("title")
        addTime = try row.time("add_time") ?? 0
        viewCount = try row.count("views")
        commentCount = try row.count("comments")
        topics = try TopicReference.list(row, "topics")
        author = UserSummary.lenient(row, "user_info")
    }
}
