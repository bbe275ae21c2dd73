/// `api/topic.php` (docs/api.md §2.13). The topic id is not echoed. An unknown topic arrives as
/// `{"rsm":"话题不存在","errno":1}` and is reported as `APIError.Reason.notFound`.
public struct TopicInfo: APIDecodable, Equatable {
    public var title: String
    /// Raw stored text (escaped, may hold BBCode).
    public var rawDescription: String
    /// Picture path relative to `uploads/topic/`; nil when none.
    public var picture: String?
    public var focusCount: Int

    public init(rsm: APIPayload) throws(APIError) {
        self = try rsm.readObject { fields throws(FieldReader.Problem) in
            try TopicInfo(title: fields.text("topic_title"), rawDescription: fields.text("topic_description"),
                          picture: fields.optionalPath("topic_pic"), focusCount: fields.count("focus_count"))
        }
    }

    public init(title: String, rawDescription: String, picture: String?, focusCount: Int) {
        self.title = title
        self.rawDescription = rawDescription
        self.picture = picture
        self.focusCount = focusCount
    }
}
