/// `?/api/account/get_userinfo/` (docs/api.md §2.6). The uid is not echoed: callers know whom they asked for.
package struct UserProfile: APIDecodable, Equatable {
    package var userName: String
    package var nickName: String?
    package var avatarFile: String?
    /// HTML-escaped as sent; nil when null or "".
    package var signature: String?
    /// Followers.
    package var fansCount: Int
    /// Users this user follows.
    package var friendCount: Int
    package var questionCount: Int
    package var answerCount: Int
    package var topicFocusCount: Int
    package var agreeCount: Int
    package var thanksCount: Int
    package var answerFavoriteCount: Int

    package init(rsm: APIPayload) throws(APIError) {
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
