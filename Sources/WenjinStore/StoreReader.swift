import WenjinModel

/// Read access to the store inside one `Store.read` or `Store.write` transaction.
///
/// Lists come in the order a page shows them, so the site builder never sorts rows itself.
package struct StoreReader {
    let connection: Connection

    /// How much the store holds, as `wenjin stats` prints it.
    package func counts() throws(StoreError) -> StoreCounts {
        try connection.queryFirst("""
            SELECT (SELECT count(*) FROM questions), (SELECT count(*) FROM answers),
                   (SELECT count(*) FROM answer_comments), (SELECT count(*) FROM users),
                   (SELECT count(*) FROM topics), (SELECT count(*) FROM articles),
                   (SELECT count(*) FROM article_comments),
                   (SELECT count(*) FROM assets WHERE state = 'stored')
            """) {
            StoreCounts(questions: $0.int(0), answers: $0.int(1), comments: $0.int(2), users: $0.int(3),
                        topics: $0.int(4), articles: $0.int(5), articleComments: $0.int(6), assets: $0.int(7))
        } ?? StoreCounts()
    }
}
