import WenjinModel

extension User {
    static let columns = """
        id, user_name, nick_name, avatar_file, signature, fans_count, friend_count, question_count, \
        answer_count, topic_focus_count, agree_count, thanks_count
        """

    init(row: Row) {
        self.init(id: UserID(row.int(0)), userName: row.text(1), nickName: row.optionalText(2),
                  avatarFile: row.optionalText(3), signature: row.optionalText(4),
                  counts: Counts(fans: row.int(5), friends: row.int(6), questions: row.int(7), answers: row.int(8),
                                 topicFocus: row.int(9), agree: row.int(10), thanks: row.int(11)))
    }
}

extension Topic {
    static let columns = "id, title, description, pic, focus_count, discuss_count"

    init(row: Row) {
        self.init(id: TopicID(row.int(0)), title: row.text(1), description: row.text(2), pic: row.optionalText(3),
                  focusCount: row.int(4), discussCount: row.optionalInt(5))
    }
}

extension StoreReader {
    package func user(_ id: UserID) throws(StoreError) -> User? {
        try connection.queryFirst("SELECT \(User.columns) FROM users WHERE id = ?", id) { User(row: $0) }
    }

    /// Every user, by ID.
    package func users() throws(StoreError) -> [User] {
        try connection.query("SELECT \(User.columns) FROM users ORDER BY id") { User(row: $0) }
    }

    package func topic(_ id: TopicID) throws(StoreError) -> Topic? {
        try connection.queryFirst("SELECT \(Topic.columns) FROM topics WHERE id = ?", id) { Topic(row: $0) }
    }

    /// Every topic, most discussed first (the order of the topic square), then by ID.
    package func topics() throws(StoreError) -> [Topic] {
        try connection.query("SELECT \(Topic.columns) FROM topics ORDER BY discuss_count DESC, id") { Topic(row: $0) }
    }
}

extension StoreWriter {
    /// Inserts or updates a user. Profiles are not content, so no revisions are kept. The caller
    /// merges first when it knows only part of a user (a name from an answer list).
    @discardableResult
    package func upsert(_ user: User) throws(StoreError) -> UpsertOutcome {
        try save(user, replacing: try reader.user(user.id), revision: nil, sameContent: { _, _ in true }) { () throws(StoreError) in
            let counts = user.counts
            try connection.run("""
                INSERT INTO users (id, user_name, nick_name, avatar_file, signature, fans_count, friend_count,
                                   question_count, answer_count, topic_focus_count, agree_count, thanks_count)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    user_name = excluded.user_name, nick_name = excluded.nick_name,
                    avatar_file = excluded.avatar_file, signature = excluded.signature,
                    fans_count = excluded.fans_count, friend_count = excluded.friend_count,
                    question_count = excluded.question_count, answer_count = excluded.answer_count,
                    topic_focus_count = excluded.topic_focus_count, agree_count = excluded.agree_count,
                    thanks_count = excluded.thanks_count
                """, user.id, user.userName, user.nickName, user.avatarFile, user.signature, counts.fans,
                counts.friends, counts.questions, counts.answers, counts.topicFocus, counts.agree, counts.thanks)
        }
    }

    /// Inserts or updates a topic. No revisions are kept for topics.
    @discardableResult
    package func upsert(_ topic: Topic) throws(StoreError) -> UpsertOutcome {
        try save(topic, replacing: try reader.topic(topic.id), revision: nil, sameContent: { _, _ in true }) { () throws(StoreError) in
            try connection.run("""
                INSERT INTO topics (id, title, description, pic, focus_count, discuss_count)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    title = excluded.title, description = excluded.description, pic = excluded.pic,
                    focus_count = excluded.focus_count, discuss_count = excluded.discuss_count
                """, topic.id, topic.title, topic.description, topic.pic, topic.focusCount, topic.discussCount)
        }
    }
}
