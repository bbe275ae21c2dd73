/// An answer as listed by the question endpoint. Upstream leaves out `user_name`, `add_time`
/// and `comment_count`; the answer-detail endpoint has them.
public struct QuestionAnswer: Sendable, Equatable {
    public var id: RemoteAnswerID
    public var contentHTML: String
    /// −1 for an anonymous answer on WENJIN; the real author upstream.
    public var authorID: RemoteUserID
    public var userName: String?
    public var nickName: String?
    public var avatarFile: String?
    public var signature: String?
    public var agreeCount: Int
    public var addTime: Int?
    public var commentCount: Int?
    public var isAnonymous: Bool?

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
