/// The store's schema as an append-only list of migrations (see `Migration`).
///
/// Entity tables carry no foreign keys to users, topics or parent posts: the crawler meets
/// things in whatever order the API reveals them (an answer before its question's page, a
/// comment's author before their profile), and the archive must keep what it has seen.
/// Link tables do reference their owning post, so replacing a post's topics is one DELETE.
/// Times are unix seconds.
enum Schema {
    /// The newest version this code knows; a store recording a higher one is refused.
    static var codeVersion: Int { migrations.last?.version ?? 0 }

    static let migrations: [Migration] = [
        Migration(version: 1, name: "initial schema", sql: """
            CREATE TABLE raw_responses (
                url TEXT PRIMARY KEY,
                status INTEGER NOT NULL,
                fetched_at INTEGER NOT NULL,
                etag TEXT,
                last_modified TEXT,
                content_type TEXT,
                body BLOB NOT NULL,
                error TEXT
            );
            CREATE TABLE users (
                id INTEGER PRIMARY KEY,
                user_name TEXT NOT NULL,
                nick_name TEXT,
                avatar_file TEXT,
                signature TEXT,
                fans_count INTEGER NOT NULL,
                friend_count INTEGER NOT NULL,
                question_count INTEGER NOT NULL,
                answer_count INTEGER NOT NULL,
                topic_focus_count INTEGER NOT NULL,
                agree_count INTEGER NOT NULL,
                thanks_count INTEGER NOT NULL
            );
            CREATE TABLE topics (
                id INTEGER PRIMARY KEY,
                title TEXT NOT NULL,
                description TEXT NOT NULL,
                pic TEXT,
                focus_count INTEGER NOT NULL,
                discuss_count INTEGER
            );
            CREATE TABLE questions (
                id INTEGER PRIMARY KEY,
                title TEXT NOT NULL,
                detail_html TEXT NOT NULL,
                asker_id INTEGER,
                is_anonymous INTEGER NOT NULL,
                add_time INTEGER NOT NULL,
                update_time INTEGER NOT NULL,
                answer_count INTEGER NOT NULL,
                view_count INTEGER NOT NULL,
                focus_count INTEGER NOT NULL,
                best_answer_id INTEGER
            );
            CREATE INDEX questions_by_update_time ON questions (update_time DESC, id DESC);
            CREATE INDEX questions_by_asker ON questions (asker_id);
            CREATE TABLE question_topics (
                question_id INTEGER NOT NULL REFERENCES questions (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                topic_id INTEGER NOT NULL,
                PRIMARY KEY (question_id, position)
            );
            CREATE INDEX question_topics_by_topic ON question_topics (topic_id, question_id);
            CREATE TABLE answers (
                id INTEGER PRIMARY KEY,
                question_id INTEGER NOT NULL,
                author_id INTEGER,
                is_anonymous INTEGER NOT NULL,
                content_html TEXT NOT NULL,
                add_time INTEGER,
                agree_count INTEGER NOT NULL,
                comment_count INTEGER NOT NULL
            );
            CREATE INDEX answers_by_question ON answers (question_id);
            CREATE INDEX answers_by_author ON answers (author_id);
            CREATE TABLE answer_comments (
                id INTEGER PRIMARY KEY,
                answer_id INTEGER NOT NULL,
                author_id INTEGER NOT NULL,
                text TEXT NOT NULL,
                add_time INTEGER NOT NULL,
                at_user_id INTEGER
            );
            CREATE INDEX answer_comments_by_answer ON answer_comments (answer_id);
            CREATE TABLE articles (
                id INTEGER PRIMARY KEY,
                author_id INTEGER NOT NULL,
                title TEXT NOT NULL,
                message_html TEXT NOT NULL,
                add_time INTEGER NOT NULL,
                views INTEGER NOT NULL,
                votes INTEGER NOT NULL,
                comment_count INTEGER NOT NULL
            );
            CREATE INDEX articles_by_add_time ON articles (add_time DESC, id DESC);
            CREATE INDEX articles_by_author ON articles (author_id);
            CREATE TABLE article_topics (
                article_id INTEGER NOT NULL REFERENCES articles (id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                topic_id INTEGER NOT NULL,
                PRIMARY KEY (article_id, position)
            );
            CREATE INDEX article_topics_by_topic ON article_topics (topic_id, article_id);
            CREATE TABLE article_comments (
                id INTEGER PRIMARY KEY,
                article_id INTEGER NOT NULL,
                author_id INTEGER NOT NULL,
                message TEXT NOT NULL,
                add_time INTEGER NOT NULL,
                at_user_id INTEGER,
                votes INTEGER NOT NULL
            );
            CREATE INDEX article_comments_by_article ON article_comments (article_id);
            CREATE TABLE assets (
                id INTEGER PRIMARY KEY,
                url TEXT NOT NULL UNIQUE,
                sha256 TEXT,
                content_type TEXT,
                size INTEGER,
                state TEXT NOT NULL CHECK (state IN ('stored', 'missing', 'failed')),
                error TEXT,
                fetched_at INTEGER NOT NULL
            );
            CREATE TABLE crawl_queue (
                id INTEGER PRIMARY KEY,
                kind TEXT NOT NULL,
                key TEXT NOT NULL,
                state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'done', 'failed')),
                attempts INTEGER NOT NULL DEFAULT 0,
                next_attempt_at INTEGER NOT NULL DEFAULT 0,
                last_error TEXT,
                priority INTEGER NOT NULL DEFAULT 0,
                UNIQUE (kind, key)
            );
            CREATE INDEX crawl_queue_due ON crawl_queue (state, priority DESC, next_attempt_at, id);
            CREATE TABLE revisions (
                id INTEGER PRIMARY KEY,
                entity_kind TEXT NOT NULL,
                entity_id INTEGER NOT NULL,
                old_content TEXT NOT NULL,
                replaced_at INTEGER NOT NULL
            );
            CREATE INDEX revisions_by_entity ON revisions (entity_kind, entity_id, id);
            CREATE TABLE sanitized_cache (
                content_hash TEXT NOT NULL,
                policy_version INTEGER NOT NULL,
                html TEXT NOT NULL,
                report TEXT NOT NULL,
                PRIMARY KEY (content_hash, policy_version)
            ) WITHOUT ROWID;
            CREATE TABLE meta (
                key TEXT PRIMARY KEY,
                value TEXT NOT NULL
            ) WITHOUT ROWID;
            """),
        Migration(version: 2, name: "deletions seen upstream", sql: """
            CREATE TABLE deletions (
                entity_kind TEXT NOT NULL,
                entity_id INTEGER NOT NULL,
                deleted_at INTEGER NOT NULL,
                PRIMARY KEY (entity_kind, entity_id)
            ) WITHOUT ROWID;
            """),
        Migration(version: 3, name: "authors the source's web pages show", sql: """
            CREATE TABLE shown_authors (
                post_kind TEXT NOT NULL CHECK (post_kind IN ('question', 'answer')),
                post_id INTEGER NOT NULL,
                user_id INTEGER,
                seen_at INTEGER NOT NULL,
                PRIMARY KEY (post_kind, post_id)
            ) WITHOUT ROWID;
            """),
        // Versions 4 and 5 are other branches' migrations, merged in order before this one.
        Migration(version: 6, name: "when each item was last verified against the source", sql: """
            CREATE TABLE verifications (
                entity_kind TEXT NOT NULL,
                entity_id INTEGER NOT NULL,
                verified_at INTEGER NOT NULL,
                sequence INTEGER NOT NULL,
                PRIMARY KEY (entity_kind, entity_id)
            ) WITHOUT ROWID;
            CREATE INDEX verifications_by_sequence ON verifications (sequence);
            """),
        Migration(version: 7, name: "sanitized_cache.report holds the build's whole body record", sql: """
            ALTER TABLE sanitized_cache RENAME COLUMN report TO record;
            """),
        Migration(version: 8, name: "a change counter on every entity row", sql: StoreChanges.migrationSQL),
        Migration(version: 9, name: "answers' and questions' listed columns in covering indexes", sql: ListedColumns.migrationSQL),
        // Every build counts the stored assets (`Reader.counts`): without it, a walk of the whole
        // table, 14 MB at 100,000 sample questions, where the index holds a tenth of that.
        Migration(version: 10, name: "assets by state, for counting the stored ones", sql: """
            CREATE INDEX assets_by_state ON assets (state);
            """),
    ]
}
