/// `?/api/question/answer_detail/` (docs/api.md §2.4): one answer with the fields the question endpoint
/// lacks (time, comment count, author name). The question title is not included.
package struct AnswerDetail: APIDecodable, Equatable {
    package var id: RemoteAnswerID
    package var questionID: RemoteQuestionID
    package var contentHTML: String
    package var addTime: Int
    package var agreeCount: Int
    package var commentCount: Int
    /// −1 for an anonymous answer on WENJIN; the real author upstream.
    package var authorID: RemoteUserID
    package var userName: String
    package var nickName: String?
    package var avatarFile: String?
    package var signature: String?
    /// WENJIN only.
    package var isAnonymous: Bool?

    package init(rsm: APIPayload) throws(APIError) {
        self = try rsm.readObject { fields throws(FieldReader.Problem) in try AnswerDetail(fields) }
    }

    private init(_ fields: FieldReader) throws(FieldReader.Problem) {
        id = try fields.id("answer_id")
        questionID = try fields.id("question_id")
        contentHTML = try fields.text("answer_content")
        addTime = try fields.time("add_time") ?? 0
        agreeCount = try fields.count("agree_count")
        commentCount = try fields.count("comment_count")
        authorID = try fields.id("uid")
        userName = try fields.text("user_name")
        nickName = try fields.optionalString("nick_name")
        avatarFile = try fields.optionalPath("avatar_file")
        signature = try fields.optionalString("signature")
        isAnonymous = try fields.flag("anonymous")
    }
}
