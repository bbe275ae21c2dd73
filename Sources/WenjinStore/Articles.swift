import WenjinModel

extension Article {
    static let columns = "a.id, a.author_id, a.title, a.message_html, a.add_time, a.views, a.votes, a.comment_count"

    init(row: Row, topicIDs: [TopicID]) {
        self.init(id: ArticleID(row.int(0)), authorID: UserID(row.int(1)), title: row.text(2),
                  messageHTML: row.text(3), addTime: row.date(4), views: row.int(5), votes: row.int(6),
                  commentCount: row.int(7), topicIDs: topicIDs)
    }
}

extension ArticleComment {
    static let columns = "id, article_id, author_id, message, add_time, at_user_id, votes"

    init(row: Row) { self = Self.ordered(row).value }

    /// A row of `columns` with its key and place in `commentsByArticle`'s order, `ORDER BY
    /// article_id, add_time, id`; each column is read once.
    static func ordered(_ row: Row) -> (key: ArticleID, order: RowOrder, value: ArticleComment) {
        let (id, article, time) = (row.int(0), row.int(1), row.int(4))
        let comment = ArticleComment(id: ArticleCommentID(id), articleID: ArticleID(article), authorID: UserID(row.int(2)),
                                     message: row.text(3), addTime: Row.date(seconds: time),
                                     atUserID: row.optionalInt(5).map { UserID($0) }, votes: row.int(6))
        return (comment.articleID, RowOrder(article, time, id), comment)
    }
}

extension StoreReader {
    package func article(_ id: ArticleID) throws(StoreError) -> Article? {
        let topics = try connection.topicIDs(.articles, owner: id.rawValue)
        return try connection.queryFirst("SELECT \(Article.columns) FROM articles a WHERE a.id = ?", id) {
            Article(row: $0, topicIDs: topics)
        }
    }

    /// Every article, newest first. Bodies as `questions(bodiesChangedAfter:)`, and read in the
    /// table's order as they are.
    package func articles(bodiesChangedAfter counter: Int = 0) throws(StoreError) -> [Article] {
        let columns = "a.id, a.author_id, a.title, IIF(a.change > ?, a.message_html, ''), a.add_time, a.views, a.votes, a.comment_count"
        // ORDER BY add_time DESC, id DESC.
        return try connection.posts("SELECT \(columns) FROM articles a ORDER BY a.id", bound: [counter], links: .articles,
                                    orderedBy: { RowOrder(~$0.int(4), ~$0.int(0)) }, read: { Article(row: $0, topicIDs: []) },
                                    id: \.id.rawValue, topics: \.topicIDs)
    }

    /// The articles filed under a topic, newest first.
    package func articles(inTopic topic: TopicID) throws(StoreError) -> [Article] {
        try withTopics(connection.query("""
            SELECT \(Article.columns) FROM articles a JOIN article_topics t ON t.article_id = a.id
            WHERE t.topic_id = ? ORDER BY a.add_time DESC, a.id DESC
            """, topic) { Article(row: $0, topicIDs: []) })
    }

    /// The articles a user wrote, newest first.
    package func articles(by user: UserID) throws(StoreError) -> [Article] {
        try withTopics(connection.query("""
            SELECT \(Article.columns) FROM articles a WHERE a.author_id = ? ORDER BY a.add_time DESC, a.id DESC
            """, user) { Article(row: $0, topicIDs: []) })
    }

    package func articleComment(_ id: ArticleCommentID) throws(StoreError) -> ArticleComment? {
        try connection.queryFirst("SELECT \(ArticleComment.columns) FROM article_comments WHERE id = ?", id) {
            ArticleComment(row: $0)
        }
    }

    /// Every article comment, by article, each list in the order of `comments(of:)`.
    package func commentsByArticle() throws(StoreError) -> [ArticleID: [ArticleComment]] {
        try connection.queryGrouped("SELECT \(ArticleComment.columns) FROM article_comments", rowsOf: "article_comments",
                                    read: ArticleComment.ordered)
    }

    /// The comments under an article, oldest first (the order the API sends them).
    package func comments(of article: ArticleID) throws(StoreError) -> [ArticleComment] {
        try connection.query("""
            SELECT \(ArticleComment.columns) FROM article_comments WHERE article_id = ? ORDER BY add_time, id
            """, article) { ArticleComment(row: $0) }
    }

    func withTopics(_ articles: [Article]) throws(StoreError) -> [Article] {
        try articles.map { article throws(StoreError) in
            var article = article
            article.topicIDs = try connection.topicIDs(.articles, owner: article.id.rawValue)
            return article
        }
    }
}

extension StoreWriter {
    /// Inserts or updates an article and its topic list; an edited title or body keeps the old
    /// version as a revision.
    @discardableResult
    package func upsert(_ article: Article) throws(StoreError) -> UpsertOutcome {
        let old = try reader.article(article.id)
        return try save(article, replacing: old, revision: (.article, article.id.rawValue),
                        sameContent: { $0.title == $1.title && $0.messageHTML == $1.messageHTML }) { () throws(StoreError) in
            try connection.run("""
                INSERT INTO articles (id, author_id, title, message_html, add_time, views, votes, comment_count)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    author_id = excluded.author_id, title = excluded.title, message_html = excluded.message_html,
                    add_time = excluded.add_time, views = excluded.views, votes = excluded.votes,
                    comment_count = excluded.comment_count
                """, article.id, article.authorID, article.title, article.messageHTML, article.addTime,
                article.views, article.votes, article.commentCount)
            if old?.topicIDs != article.topicIDs {
                try connection.replaceTopicIDs(article.topicIDs, .articles, owner: article.id.rawValue)
            }
        }
    }

    /// Inserts or updates a comment under an article; an edited message keeps the old version.
    @discardableResult
    package func upsert(_ comment: ArticleComment) throws(StoreError) -> UpsertOutcome {
        try save(comment, replacing: try reader.articleComment(comment.id),
                 revision: (.articleComment, comment.id.rawValue), sameContent: { $0.message == $1.message }) { () throws(StoreError) in
            try connection.run("""
                INSERT INTO article_comments (id, article_id, author_id, message, add_time, at_user_id, votes)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    article_id = excluded.article_id, author_id = excluded.author_id, message = excluded.message,
                    add_time = excluded.add_time, at_user_id = excluded.at_user_id, votes = excluded.votes
                """, comment.id, comment.articleID, comment.authorID, comment.message, comment.addTime,
                comment.atUserID, comment.votes)
        }
    }
}
