/// `?/api/account/get_userinfo/` (docs/api.md §2.6). The uid is not echoed: callers know whom they asked for.
public struct UserProfile: APIDecodable, Equatable {
    public var userName: String
    public var nickName: String?
    public var avatarFile: String?
    /// HTML-escaped as sent; nil when null or "".
    public var signature: String?
    /// Followers.
    public var fansCount: Int
    /// Users this user follows.
    public var friendCount: Int
    public var questionCount: Int
    public var answerCount: Int
    public var topicFocusCount: Int
    public var agreeCount: Int
    public var thanksCount: Int
    public var answerFavoriteCount: Int

    public init(rsm: APIPayload) throws(APIError) {
        self = try rsm.readObject { fields throws(FieldReader.Problem) in try UserProfile(fields) }
    }

    private init(_ fields: FieldReader) throws(FieldReader.Problem) {
        userName = try fields.text("user_name")
        nickName = try fields.optionalString("nick_name")
        avatarFile = try fields.optionalPath("avatar_file")
        signature = try fields.optionalPath("signature")
        fansCount = try fields.count("fans_count")
        friendCount = try fields.count("friend_count")
        questionCount = try fields.count("question_count")
        answerCount = try fields.count("answer_count")
        topicFocusCount = try fields.count("topic_focus_count")
        agreeCount = try fields.count("agree_count")
        thanksCount = try fields.count("thanks_count")
        answerFavoriteCount = try fields.count("answer_favorite_count")
    }
}
