/// An article row of the explore list.
package struct ExploreArticle: Sendable, Equatable {
    package var id: RemoteArticleID
    package var title: String
    package var addTime: Int
    package var viewCount: Int
    package var commentCount: Int
    package var topics: [TopicReference]
    package var author: UserSummary?

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
