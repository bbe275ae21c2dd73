import WenjinModel

extension Answer {
    static let columns = """
        id, question_id, author_id, is_anonymous, content_html, add_time, agree_count, comment_count
        """

    /// `columns` with an empty body, from the covering index in the lists' order (`ListedColumns`).
    static let listedSQL = """
        SELECT id, question_id, author_id, is_anonymous, '', add_time, agree_count, comment_count
        FROM answers INDEXED BY \(ListedColumns.answersIndex) ORDER BY question_id, agree_count DESC, add_time, id
        """

    /// The bodies of the rows written after a counter (its one parameter), found by `change`.
    static let changedBodiesSQL = "SELECT question_id, id, content_html FROM answers INDEXED BY answers_by_change WHERE change > ?"

    init(row: Row) { self = Self.ordered(row).value }

    /// A row of `columns` with its key and place in `answersByQuestion`'s order, SQLite's
    /// `ORDER BY question_id, agree_count DESC, add_time, id` (a missing time first: the bits of
    /// the count inverted order it downwards without overflowing); each column is read once.
    static func ordered(_ row: Row) -> (key: QuestionID, order: RowOrder, value: Answer) {
        let (id, question, time, agree) = (row.int(0), row.int(1), row.optionalInt(5), row.int(6))
        let answer = Answer(id: AnswerID(id), questionID: QuestionID(question), authorID: row.optionalInt(2).map { UserID($0) },
                            isAnonymous: row.bool(3), contentHTML: row.text(4), addTime: time.map(Row.date(seconds:)),
                            agreeCount: agree, commentCount: row.int(7))
        return (answer.questionID, RowOrder(question, ~agree, time == nil ? 0 : 1, time ?? 0, id), answer)
    }
}

extension AnswerComment {
    static let columns = "id, answer_id, author_id, text, add_time, at_user_id"

    init(row: Row) { self = Self.ordered(row).value }

    /// A row of `columns` with its key and place in `commentsByAnswer`'s order, `ORDER BY
    /// answer_id, add_time, id`; each column is read once.
    static func ordered(_ row: Row) -> (key: AnswerID, order: RowOrder, value: AnswerComment) {
        let (id, answer, time) = (row.int(0), row.int(1), row.int(4))
        let comment = AnswerComment(id: AnswerCommentID(id), answerID: AnswerID(answer), authorID: UserID(row.int(2)),
                                    text: row.text(3), addTime: Row.date(seconds: time), atUserID: row.optionalInt(5).map { UserID($0) })
        return (comment.answerID, RowOrder(answer, 0, 0, time, id), comment)
    }
}

extension StoreReader {
    package func answer(_ id: AnswerID) throws(StoreError) -> Answer? {
        try connection.queryFirst("SELECT \(Answer.columns) FROM answers WHERE id = ?", id) { Answer(row: $0) }
    }

    /// A question's answers in the API's order: most agreed first, then oldest first. A page that
    /// puts the best answer on top moves it there itself.
    package func answers(of question: QuestionID) throws(StoreError) -> [Answer] {
        try connection.query("""
            SELECT \(Answer.columns) FROM answers WHERE question_id = ?
            ORDER BY agree_count DESC, add_time, id
            """, question) { Answer(row: $0) }
    }

    /// Every answer, by question, each list in the order of `answers(of:)`: one query where a
    /// build would otherwise make one per question. Bodies as `questions(bodiesChangedAfter:)`:
    /// with a counter, the rest of each row is read from its covering index (`ListedColumns`)
    /// and the changed rows' bodies are put into their rows after.
    package func answersByQuestion(bodiesChangedAfter counter: Int = 0) throws(StoreError) -> [QuestionID: [Answer]] {
        guard counter > 0 else {
            return try connection.queryGrouped("SELECT \(Answer.columns) FROM answers", rowsOf: "answers", read: Answer.ordered)
        }
        var lists = try connection.queryGrouped(Answer.listedSQL, rowsOf: "answers", read: Answer.ordered)
        _ = try connection.query(Answer.changedBodiesSQL, counter) { row in
            let (question, id) = (QuestionID(row.int(0)), AnswerID(row.int(1)))
            // A question's few answers are searched in place; a missing one cannot be (one snapshot).
            if let place = lists[question]?.firstIndex(where: { $0.id == id }) { lists[question]?[place].contentHTML = row.text(2) }
        }
        return lists
    }

    /// The answers a user wrote under their name (anonymous ones excluded), newest first.
    package func answers(by user: UserID) throws(StoreError) -> [Answer] {
        try connection.query("""
            SELECT \(Answer.columns) FROM answers WHERE author_id = ? AND is_anonymous = 0
            ORDER BY add_time DESC, id DESC
            """, user) { Answer(row: $0) }
    }

    package func answerComment(_ id: AnswerCommentID) throws(StoreError) -> AnswerComment? {
        try connection.queryFirst("SELECT \(AnswerComment.columns) FROM answer_comments WHERE id = ?", id) {
            AnswerComment(row: $0)
        }
    }

    /// Every answer comment, by answer, each list in the order of `comments(of:)`.
    package func commentsByAnswer() throws(StoreError) -> [AnswerID: [AnswerComment]] {
        try connection.queryGrouped("SELECT \(AnswerComment.columns) FROM answer_comments", rowsOf: "answer_comments",
                                    read: AnswerComment.ordered)
    }

    /// The comments under an answer, oldest first (the order the API sends them).
    package func comments(of answer: AnswerID) throws(StoreError) -> [AnswerComment] {
        try connection.query("""
            SELECT \(AnswerComment.columns) FROM answer_comments WHERE answer_id = ? ORDER BY add_time, id
            """, answer) { AnswerComment(row: $0) }
    }
}

extension StoreWriter {
    /// Inserts or updates an answer; an edited body keeps the old version as a revision. It
    /// never unmasks an anonymous answer (see `ShownAuthors`).
    @discardableResult
    package func upsert(_ answer: Answer) throws(StoreError) -> UpsertOutcome {
        let old = try reader.answer(answer.id)
        var answer = answer
        answer.isAnonymous = try reader.hidesAuthor(of: .answer(answer.id), author: answer.authorID,
                                                    claimed: answer.isAnonymous, stored: old?.isAnonymous)
        return try save(answer, replacing: old, revision: (.answer, answer.id.rawValue),
                 sameContent: { $0.contentHTML == $1.contentHTML }) { () throws(StoreError) in
            try connection.run("""
                INSERT INTO answers (id, question_id, author_id, is_anonymous, content_html, add_time,
                                     agree_count, comment_count)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    question_id = excluded.question_id, author_id = excluded.author_id,
                    is_anonymous = excluded.is_anonymous, content_html = excluded.content_html,
                    add_time = excluded.add_time, agree_count = excluded.agree_count,
                    comment_count = excluded.comment_count
                """, answer.id, answer.questionID, answer.authorID, answer.isAnonymous, answer.contentHTML,
                answer.addTime, answer.agreeCount, answer.commentCount)
        }
    }

    /// Inserts or updates a comment under an answer; an edited text keeps the old version.
    @discardableResult
    package func upsert(_ comment: AnswerComment) throws(StoreError) -> UpsertOutcome {
        try save(comment, replacing: try reader.answerComment(comment.id),
                 revision: (.answerComment, comment.id.rawValue), sameContent: { $0.text == $1.text }) { () throws(StoreError) in
            try connection.run("""
                INSERT INTO answer_comments (id, answer_id, author_id, text, add_time, at_user_id)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    answer_id = excluded.answer_id, author_id = excluded.author_id, text = excluded.text,
                    add_time = excluded.add_time, at_user_id = excluded.at_user_id
                """, comment.id, comment.answerID, comment.authorID, comment.text, comment.addTime, comment.atUserID)
        }
    }
}
