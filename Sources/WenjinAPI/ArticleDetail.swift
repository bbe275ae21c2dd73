/// `?/api/article/article/` (docs/api.md §2.15): an article with its topics.
package struct ArticleDetail: APIDecodable, Equatable {
    package var id: RemoteArticleID
    package var author: UserSummary
    package var signature: String?
    /// HTML-escaped as sent.
    package var title: String
    /// HTML; attachments not placed inline are appended as `<br><img src='…'/>`.
    package var messageHTML: String
    package var votes: Int
    package var topics: [TopicReference]

    package init(rsm: APIPayload) throws(APIError) {
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

package typealias ArticleCommentsPage = CountedPage<ArticleComment>
