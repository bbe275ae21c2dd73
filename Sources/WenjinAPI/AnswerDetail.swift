/// `?/api/question/answer_detail/` (docs/api.md §2.4): one answer with the fields the question endpoint
/// lacks (time, comment count, author name). The question title is not included.
public struct AnswerDetail: APIDecodable, Equatable {
    public var id: RemoteAnswerID
    public var questionID: RemoteQuestionID
    public var contentHTML: String
    public var addTime: Int
    public var agreeCount: Int
    public var commentCount: Int
    /// −1 for an anonymous answer on WENJIN; the real author upstream.
    public var authorID: RemoteUserID
    public var userName: String
    public var nickName: String?
    public var avatarFile: String?
    public var signature: String?
    /// WENJIN only.
    public var isAnonymous: Bool?

    public init(rsm: APIPayload) throws(APIError) {
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
