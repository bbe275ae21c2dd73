/// `?/api/topic/topic/` (docs/api.md §2.13, "alternative"): every column of a topic, including its id and
/// the `url_token` that the site's `/topic/<url_token>` links use.
package struct TopicDetail: APIDecodable, Equatable {
    package var id: RemoteTopicID
    package var title: String
    /// Rendered to HTML here (unlike `api/topic.php`).
    package var descriptionHTML: String
    /// Picture path relative to `uploads/topic/` as stored (`_32_32` size); nil when none.
    package var picture: String?
    package var focusCount: Int
    package var discussCount: Int
    /// Percent-encoded as stored (`%E5%8C%97…`); nil when absent.
    package var urlToken: String?
    package var addTime: Int?

    package init(rsm: APIPayload) throws(APIError) {
        self = try rsm.readObject { fields throws(FieldReader.Problem) in try TopicDetail(fields.object("topic_info")) }
    }

    private init(_ info: FieldReader) throws(FieldReader.Problem) {
        id = try info.id("topic_id")
        title = try info.text("topic_title")
        descriptionHTML = try info.text("topic_description")
        picture = try info.optionalPath("topic_pic")
        focusCount = try info.count("focus_count")
        discussCount = try info.count("discuss_count")
        urlToken = try info.optionalPath("url_token")
        addTime = try info.time("add_time")
    }
}
