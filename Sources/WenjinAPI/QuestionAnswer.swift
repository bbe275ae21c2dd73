/// An answer as listed by the question endpoint. Upstream leaves out `user_name`, `add_time`
/// and `comment_count`; the answer-detail endpoint has them.
package struct QuestionAnswer: Sendable, Equatable {
    package var id: RemoteAnswerID
    package var contentHTML: String
    /// −1 for an anonymous answer on WENJIN; the real author upstream.
    package var authorID: RemoteUserID
    package var userName: String?
    package var nickName: String?
    package var avatarFile: String?
    package var signature: String?
    package var agreeCount: Int
    package var addTime: Int?
    package var commentCount: Int?
    package var isAnonymous: Bool?

    init(_ fields: FieldReader) throws(FieldReader.Problem) {
        id = try fields.id("answer_id")
        contentHTML = try fields.text("answer_content")
        authorID = try fields.id("uid")
        userName = try fields.optionalString("user_name")
        nickName = try fields.optionalString("nick_name")
        avatarFile = try fields.optionalPath("avatar_file")
        signature = try fields.optionalString("signature")
        agreeCount = try fields.count("agree_count")
        addTime = try fields.time("add_time")
        commentCount = try fields.optionalCount("comment_count")
        isAnonymous = try fields.flag("anonymous")
    }
}
