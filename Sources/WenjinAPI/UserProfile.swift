/// `?/api/account/get_userinfo/` (§2.6). The uid is not echoed: callers know whom they asked for.
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
        fansCount = try fields.optionalInt("fans_count") ?? 0
        friendCount = try fields.optionalInt("friend_count") ?? 0
        questionCount = try fields.optionalInt("question_count") ?? 0
        answerCount = try fields.optionalInt("answer_count") ?? 0
        topicFocusCount = try fields.optionalInt("topic_focus_count") ?? 0
        agreeCount = try fields.optionalInt("agree_count") ?? 0
        thanksCount = try fields.optionalInt("thanks_count") ?? 0
        answerFavoriteCount = try fields.optionalInt("answer_favorite_count") ?? 0
    }
}
