/// `api/topic.php` (docs/api.md §2.13). The topic id is not echoed. An unknown topic arrives as
/// `{"rsm":"话题不存在","errno":1}` and is reported as `APIError.Reason.notFound`.
package struct TopicInfo: APIDecodable, Equatable {
    package var title: String
    /// Raw stored text (escaped, may hold BBCode).
    package var rawDescription: String
    /// Picture path relative to `uploads/topic/`; nil when none.
    package var picture: String?
    package var focusCount: Int
}

// Read from a response in an extension, so the memberwise init stays.
extension TopicInfo {
    package init(rsm: APIPayload) throws(APIError) {
        self = try rsm.readObject { fields throws(FieldReader.Problem) in
            try TopicInfo(title: fields.text("topic_title"), rawDescription: fields.text("topic_description"),
                          picture: fields.optionalPath("topic_pic"), focusCount: fields.count("focus_count"))
        }
    }
}
