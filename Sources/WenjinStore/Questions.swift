import WenjinModel

extension Question {
    static let columns = """
        q.id, q.title, q.detail_html, q.asker_id, q.is_anonymous, q.add_time, q.update_time, \
        q.answer_count, q.view_count, q.focus_count, q.best_answer_id
        """

    /// `columns` with an empty description, from the covering index in ID order (`ListedColumns`).
    static let listedSQL = """
        SELECT q.id, q.title, '', q.asker_id, q.is_anonymous, q.add_time, q.update_time, \
        q.answer_count, q.view_count, q.focus_count, q.best_answer_id
        FROM questions q INDEXED BY \(ListedColumns.questionsIndex) ORDER BY q.id
        """

    /// The descriptions of the rows written after a counter (its one parameter), found by `change`.
    static let changedBodiesSQL = "SELECT id, detail_html FROM questions INDEXED BY questions_by_change WHERE change > ?"

    init(row: Row, topicIDs: [TopicID]) {
        self.init(id: QuestionID(row.int(0)), title: row.text(1), detailHTML: row.text(2),
                  askerID: row.optionalInt(3).map { UserID($0) }, isAnonymous: row.bool(4),
                  addTime: row.date(5), updateTime: row.date(6), answerCount: row.int(7),
                  viewCount: row.int(8), focusCount: row.int(9), topicIDs: topicIDs,
                  bestAnswerID: row.optionalInt(10).map { AnswerID($0) })
    }
}

extension StoreReader {
    package func question(_ id: QuestionID) throws(StoreError) -> Question? {
        let topics = try connection.topicIDs(.questions, owner: id.rawValue)
        return try connection.queryFirst("SELECT \(Question.columns) FROM questions q WHERE q.id = ?", id) {
            Question(row: $0, topicIDs: topics)
        }
    }

    /// Every question, most recently answered first (the order of the archive's index). Only
    /// rows written after `bodiesChangedAfter` (a `StoreChanges.counter`) bring their
    /// description; the others come with an empty one, for a caller that kept it (`StoreChanges`):
    /// with a counter, the rest of each row is read from its covering index (`ListedColumns`) and
    /// the changed rows' descriptions are put into their rows after.
    /// Read in ID order and put in the index's here (`RowOrder`): ordered by SQLite
    /// through `questions_by_update_time`, each row was looked up in the table apart.
    package func questions(bodiesChangedAfter counter: Int = 0) throws(StoreError) -> [Question] {
        // ORDER BY update_time DESC, id DESC: the bits inverted order them downwards.
        var questions = try connection.posts(counter > 0 ? Question.listedSQL : "SELECT \(Question.columns) FROM questions q ORDER BY q.id",
                                             links: .questions, orderedBy: { RowOrder(~$0.int(6), ~$0.int(0)) },
                                             read: { Question(row: $0, topicIDs: []) }, id: \.id.rawValue, topics: \.topicIDs)
        guard counter > 0 else { return questions }
        var bodies: [Int: String] = [:]
        _ = try connection.query(Question.changedBodiesSQL, counter) { bodies[$0.int(0)] = $0.text(1) }
        if !bodies.isEmpty {
            for place in questions.indices {
                if let body = bodies[questions[place].id.rawValue] { questions[place].detailHTML = body }
            }
        }
        return questions
    }

    /// Every question's ID, in ascending order: for completing the answer lists beside the
    /// questions' own read (`ArchiveContent.read`).
    package func questionIDs() throws(StoreError) -> [QuestionID] {
        try connection.query("SELECT id FROM questions ORDER BY id") { QuestionID($0.int(0)) }
    }

    /// The question the archive's index lists first (the most recently answered), if any: one
    /// row read, where `questions()` reads them all.
    package func firstQuestion() throws(StoreError) -> Question? {
        guard let id = try connection.queryFirst("SELECT q.id FROM questions q ORDER BY q.update_time DESC, q.id DESC LIMIT 1",
                                                 read: { QuestionID($0.int(0)) }) else { return nil }
        return try question(id)
    }

    /// The questions filed under a topic, most recently answered first.
    package func questions(inTopic topic: TopicID) throws(StoreError) -> [Question] {
        try withTopics(connection.query("""
            SELECT \(Question.columns) FROM questions q JOIN question_topics t ON t.question_id = q.id
            WHERE t.topic_id = ? ORDER BY q.update_time DESC, q.id DESC
            """, topic) { Question(row: $0, topicIDs: []) })
    }

    /// The questions a user asked under their name (anonymous ones excluded), newest first.
    package func questions(askedBy user: UserID) throws(StoreError) -> [Question] {
        try withTopics(connection.query("""
            SELECT \(Question.columns) FROM questions q WHERE q.asker_id = ? AND q.is_anonymous = 0
            ORDER BY q.add_time DESC, q.id DESC
            """, user) { Question(row: $0, topicIDs: []) })
    }

    func withTopics(_ questions: [Question]) throws(StoreError) -> [Question] {
        try questions.map { question throws(StoreError) in
            var question = question
            question.topicIDs = try connection.topicIDs(.questions, owner: question.id.rawValue)
            return question
        }
    }
}

extension StoreWriter {
    /// Inserts or updates a question and its topic list; an edited title or description keeps the
    /// old version as a revision. It never unmasks an anonymous question (see `ShownAuthors`).
    @discardableResult
    package func upsert(_ question: Question) throws(StoreError) -> UpsertOutcome {
        let old = try reader.question(question.id)
        var question = question
        question.isAnonymous = try reader.hidesAuthor(of: .question(question.id), author: question.askerID,
                                                      claimed: question.isAnonymous, stored: old?.isAnonymous)
        return try save(question, replacing: old, revision: (.question, question.id.rawValue),
                        sameContent: { $0.title == $1.title && $0.detailHTML == $1.detailHTML }) { () throws(StoreError) in
            try connection.run("""
                INSERT INTO questions (id, title, detail_html, asker_id, is_anonymous, add_time, update_time,
                                       answer_count, view_count, focus_count, best_answer_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    title = excluded.title, detail_html = excluded.detail_html, asker_id = excluded.asker_id,
                    is_anonymous = excluded.is_anonymous, add_time = excluded.add_time,
                    update_time = excluded.update_time, answer_count = excluded.answer_count,
                    view_count = excluded.view_count, focus_count = excluded.focus_count,
                    best_answer_id = excluded.best_answer_id
                """, question.id, question.title, question.detailHTML, question.askerID, question.isAnonymous,
                question.addTime, question.updateTime, question.answerCount, question.viewCount,
                question.focusCount, question.bestAnswerID)
            if old?.topicIDs != question.topicIDs {
                try connection.replaceTopicIDs(question.topicIDs, .questions, owner: question.id.rawValue)
            }
        }
    }
}
