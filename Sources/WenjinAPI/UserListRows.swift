/// A question in `api/my_question.php` (§2.7): the user's questions, newest first, anonymous
/// ones included upstream.
public struct UserQuestionRow: CountedRow {
    public var id: RemoteQuestionID
    public var title: String
    /// The stored text, not rendered: escaped BBCode with `[attach]N[/attach]` tags.
    public var rawDetail: String
    public var addTime: Int

    public init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in
            try UserQuestionRow(id: fields.id("id"), title: fields.text("title"),
                                rawDetail: fields.text("detail"), addTime: fields.optionalInt("add_time") ?? 0)
        }
    }

    public init(id: RemoteQuestionID, title: String, rawDetail: String, addTime: Int) {
        self.id = id
        self.title = title
        self.rawDetail = rawDetail
        self.addTime = addTime
    }
}

/// An answer in `api/my_answer.php` (§2.8), newest first. No `add_time` is sent.
public struct UserAnswerRow: CountedRow {
    public var id: RemoteAnswerID
    public var questionID: RemoteQuestionID
    /// The stored text, not rendered: escaped BBCode with `[attach]N[/attach]` tags.
    public var rawContent: String
    public var agreeCount: Int
    public var avatarFile: String?
    /// "" when the question is gone.
    public var questionTitle: String

    public init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in try UserAnswerRow(fields) }
    }

    private init(_ fields: FieldReader) throws(FieldReader.Problem) {
        id = try fields.id("answer_id")
        questionID = try fields.id("question_id")
        rawContent = try fields.text("answer_content")
        agreeCount = try fields.optionalInt("agree_count") ?? 0
        avatarFile = try fields.optionalPath("avatar_file")
        questionTitle = try fields.text("question_title")
    }
}

/// A question in `api/my_focus_question.php` (§2.9).
public struct FollowedQuestionRow: CountedRow {
    public var id: RemoteQuestionID
    public var title: String
    public var addTime: Int
    public var focusCount: Int
    public var answerCount: Int

    public init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in try FollowedQuestionRow(fields) }
    }

    private init(_ fields: FieldReader) throws(FieldReader.Problem) {
        id = try fields.id("id")
        title = try fields.text("title")
        addTime = try fields.optionalInt("add_time") ?? 0
        focusCount = try fields.optionalInt("focus_count") ?? 0
        answerCount = try fields.optionalInt("answer_count") ?? 0
    }
}

/// A user in `api/my_focus_user.php` / `api/my_fans_user.php` (§2.10).
public struct FollowUserRow: CountedRow {
    public var user: UserSummary
    public var signature: String?

    public init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in
            try FollowUserRow(user: UserSummary(fields), signature: fields.optionalPath("signature"))
        }
    }

    public init(user: UserSummary, signature: String?) {
        self.user = user
        self.signature = signature
    }
}

/// A topic in the topic square (§2.12) or `api/my_focus_topic.php` (§2.11).
public struct TopicSummary: CountedRow {
    public var id: RemoteTopicID
    public var title: String
    /// Raw stored text (escaped, may hold BBCode).
    public var rawDescription: String
    /// Picture path relative to `uploads/topic/` (`_100_100` size); nil when none.
    public var picture: String?

    public init(row: RowFields) throws(APIError) {
        self = try row.read { fields throws(FieldReader.Problem) in
            try TopicSummary(id: fields.id("topic_id"), title: fields.text("topic_title"),
                             rawDescription: fields.text("topic_description"), picture: fields.optionalPath("topic_pic"))
        }
    }

    public init(id: RemoteTopicID, title: String, rawDescription: String, picture: String?) {
        self.id = id
        self.title = title
        self.rawDescription = rawDescription
        self.picture = picture
    }
}

public typealias UserQuestionsPage = CountedPage<UserQuestionRow>
public typealias UserAnswersPage = CountedPage<UserAnswerRow>
public typealias FollowedQuestionsPage = CountedPage<FollowedQuestionRow>
public typealias FollowUsersPage = CountedPage<FollowUserRow>
public typealias TopicListPage = CountedPage<TopicSummary>
