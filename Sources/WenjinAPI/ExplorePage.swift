/// One page of `?/api/explore/` (§2.2): questions and articles, newest update first with
/// `sort_type=new`; the crawler pages it to the end to discover every post.
public struct ExplorePage: APIDecodable, Equatable {
    public enum Item: Sendable, Equatable {
        case question(ExploreQuestion)
        case article(ExploreArticle)
    }

    public var items: [Item]
    /// Rows that could not be read, each an `.unreadableField` error; the others are kept.
    public var unreadableRows: [APIError]

    /// An empty page (`{"total_rows":0}`, no `rows`) ends the list.
    public var isEnd: Bool { items.isEmpty && unreadableRows.isEmpty }

    public init(rsm: APIPayload) throws(APIError) {
        let (items, problems) = try rsm.readObject { fields throws(FieldReader.Problem) in
            try fields.eachItem(in: "rows") { row throws(FieldReader.Problem) -> Item in
                if try row.optionalString("post_type") == "article" { return .article(try ExploreArticle(row)) }
                return .question(try ExploreQuestion(row))
            }
        }
        self.items = items
        unreadableRows = problems.map(rsm.error)
    }
}

public struct ExploreQuestion: Sendable, Equatable {
    public var id: RemoteQuestionID
    /// The title, HTML-escaped as sent.
    public var title: String
    public var addTime: Int
    /// Time of the last change (last answer); what incremental crawls compare.
    public var updateTime: Int
    public var askerID: RemoteUserID?
    public var answerCount: Int
    public var viewCount: Int
    public var focusCount: Int
    /// WENJIN only (absent upstream, where anonymous questions show the real asker).
    public var isAnonymous: Bool?
    public var topics: [TopicReference]
    public var asker: UserSummary?
    /// Up to two answerers, most agreed first, in the order sent.
    public var answerUsers: [UserSummary]

    init(_ row: FieldReader) throws(FieldReader.Problem) {
        id = try row.id("question_id")
        title = try row.text("question_content")
        addTime = try row.optionalInt("add_time") ?? 0
        updateTime = try row.optionalInt("update_time") ?? addTime
        askerID = try row.optionalID("published_uid")
        answerCount = try row.optionalInt("answer_count") ?? 0
        viewCount = try row.optionalInt("view_count") ?? 0
        focusCount = try row.optionalInt("focus_count") ?? 0
        isAnonymous = try row.flag("anonymous")
        topics = try TopicReference.list(row, "topics")
        asker = try row.optionalObject("user_info").map { info throws(FieldReader.Problem) in try UserSummary(info) }
        var users: [UserSummary] = []
        for user in try row.list("answer_users", keyedOrder: .document) { users.append(try UserSummary(user)) }
        answerUsers = users
    }
}

public struct ExploreArticle: Sendable, Equatable {
    public var id: RemoteArticleID
    public var title: String
    public var addTime: Int
    public var viewCount: Int
    public var commentCount: Int
    public var topics: [TopicReference]
    public var author: UserSummary?

    init(_ row: FieldReader) throws(FieldReader.Problem) {
        id = try row.id("id")
        title = try row.text("title")
        addTime = try row.optionalInt("add_time") ?? 0
        viewCount = try row.optionalInt("views") ?? 0
        commentCount = try row.optionalInt("comments") ?? 0
        topics = try TopicReference.list(row, "topics")
        author = try row.optionalObject("user_info").map { info throws(FieldReader.Problem) in try UserSummary(info) }
    }
}
