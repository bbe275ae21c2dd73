/// `?/api/article/article/` (docs/api.md §2.15): an article with its topics.
public struct ArticleDetail: APIDecodable, Equatable {
    public var id: RemoteArticleID
    public var author: UserSummary
    public var signature: String?
    /// HTML-escaped as sent.
    public var title: String
    /// HTML; attachments not placed inline are appended as `<br><img src='…'/>`.
    public var messageHTML: String
    public var votes: Int
    public var topics: [TopicReference]

    public init(rsm: APIPayload) throws(APIError) {
        self = try rsm.readObject { fields throws(FieldReader.Problem) in try ArticleDetail(fields) }
    }

    private init(_ fields: FieldReader) throws(FieldReader.Problem) {
        let info = try fields.object("article_info")
        id = try info.id("id")
        author = try UserSummary(info)
        signature = try info.optionalPath("signature")
        title = try info.text("title")
        messageHTML = try info.text("message")
        votes = try info.votes("votes")
        topics = try TopicReference.list(fields, "article_topics")
    }
}

public typealias ArticleCommentsPage = CountedPage<ArticleComment>
