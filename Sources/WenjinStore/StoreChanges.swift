import WenjinModel

/// Where the store's content stands, so a build can read only what changed since the last one
/// (docs/design.md#store): every write of an entity row — insert or update, by any writer, and a
/// change of a post's topic list — takes the next number of one counter, kept in the row's
/// `change` column by triggers (migration 8). Rows are never deleted (deletions upstream are
/// facts in their own table), so "what changed after N" is exactly the rows whose `change` > N.
package struct StoreChanges: Sendable, Hashable {
    /// Made at random when the counter was created: a counter from another store (re-crawled
    /// from scratch, copied over) names different rows under the same numbers.
    package let token: String
    /// The number the last change took; every row's `change` is at most this.
    package let counter: Int

    package init(token: String, counter: Int) {
        self.token = token
        self.counter = counter
    }

    /// The tables whose rows carry a `change` column.
    package enum Table: String, Sendable, CaseIterable {
        case questions, answers, users, topics, articles, assets
        case answerComments = "answer_comments"
        case articleComments = "article_comments"
    }

    /// Migration 8. Existing rows start as changed once (`change` 1, the counter's first value),
    /// so the first build after the migration reads everything. A trigger only counts an update
    /// that did not set `change` itself, so it never counts its own write.
    static var migrationSQL: String {
        var sql = """
            CREATE TABLE store_changes (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                token TEXT NOT NULL,
                counter INTEGER NOT NULL
            );
            INSERT INTO store_changes (id, token, counter) VALUES (1, lower(hex(randomblob(16))), 1);

            """
        let next = "UPDATE store_changes SET counter = counter + 1;"
        for table in Table.allCases.map(\.rawValue) {
            let mark = "UPDATE \(table) SET change = (SELECT counter FROM store_changes) WHERE rowid = NEW.rowid;"
            sql += """
                ALTER TABLE \(table) ADD COLUMN change INTEGER NOT NULL DEFAULT 1;
                CREATE INDEX \(table)_by_change ON \(table) (change);
                CREATE TRIGGER \(table)_inserted AFTER INSERT ON \(table) BEGIN \(next) \(mark) END;
                CREATE TRIGGER \(table)_updated AFTER UPDATE ON \(table) WHEN NEW.change = OLD.change BEGIN \(next) \(mark) END;

                """
        }
        // A post's topic list lives in a link table; replacing it is a change of the post.
        for (links, owner, column) in [("question_topics", "questions", "question_id"), ("article_topics", "articles", "article_id")] {
            for (event, row) in [("INSERT", "NEW"), ("DELETE", "OLD")] {
                sql += """
                    CREATE TRIGGER \(links)_\(event.lowercased())d AFTER \(event) ON \(links) BEGIN \(next)
                        UPDATE \(owner) SET change = (SELECT counter FROM store_changes) WHERE id = \(row).\(column); END;

                    """
            }
        }
        return sql
    }
}

extension StoreReader {
    /// The counter and its token; nil only for a store that has no counter (never after migration 8).
    package func changes() throws(StoreError) -> StoreChanges? {
        try connection.queryFirst("SELECT token, counter FROM store_changes WHERE id = 1") {
            StoreChanges(token: $0.text(0), counter: $0.int(1))
        }
    }

    /// Each row of `table` written after `counter`, by ID, with the number of its last change.
    package func changedRows(of table: StoreChanges.Table, after counter: Int) throws(StoreError) -> [Int: Int] {
        var rows: [Int: Int] = [:]
        _ = try connection.query("SELECT id, change FROM \(table.rawValue) WHERE change > ?", counter) {
            rows[$0.int(0)] = $0.int(1)
        }
        return rows
    }
}

/// A post whose body a build may need to read on its own.
package enum StoredBody: Sendable, Hashable {
    case question(QuestionID)
    case answer(AnswerID)
    case article(ArticleID)
}

extension StoreReader {
    /// The raw HTML of one body, or nil when its post is not stored: for a body a list read left
    /// out (`questions(bodiesChangedAfter:)`) that the caller turns out to need.
    package func body(_ body: StoredBody) throws(StoreError) -> String? {
        switch body {
        case .question(let id): try connection.queryFirst("SELECT detail_html FROM questions WHERE id = ?", id) { $0.text(0) }
        case .answer(let id): try connection.queryFirst("SELECT content_html FROM answers WHERE id = ?", id) { $0.text(0) }
        case .article(let id): try connection.queryFirst("SELECT message_html FROM articles WHERE id = ?", id) { $0.text(0) }
        }
    }
}
