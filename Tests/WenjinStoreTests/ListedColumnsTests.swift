import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

/// A rebuild reads the answers' and questions' listed columns from their covering indexes and the
/// changed rows' bodies apart (`ListedColumns`, migration 9): it must give exactly what a read of
/// the tables gives, row for row, body for body, in the same order.
@Suite("Listed columns from covering indexes")
struct ListedColumnsTests {
    /// A store of answers and questions made at random (anonymous answers, missing times, equal
    /// agree counts and times, written out of ID order), then some rows written again after the
    /// returned counter: edited bodies, a changed count, new rows.
    private func store(seed: UInt64) throws -> (Store, counter: Int) {
        var numbers = SeededNumbers(seed: seed)
        func next(_ range: ClosedRange<Int>) -> Int { numbers.next(range) }
        let store = try Store.inMemory()
        let base = Fixtures.time
        func answer(_ id: Int, _ version: String) -> Answer {
            let anonymous = next(0...4) == 0
            return Answer(id: AnswerID(id), questionID: QuestionID(next(1...8)), authorID: anonymous ? nil : UserID(next(1...5)),
                          isAnonymous: anonymous, contentHTML: "<p>回答 \(id) \(version)</p>",
                          addTime: next(0...3) == 0 ? nil : base.addingTimeInterval(Double(next(0...2)) * 60),
                          agreeCount: next(-1...2), commentCount: next(0...3))
        }
        func question(_ id: Int, _ version: String) -> Question {
            let time = base.addingTimeInterval(Double(next(0...3)) * 60)
            return Question(id: QuestionID(id), title: "问题 \(id) \(version)", detailHTML: "<p>描述 \(id) \(version)</p>",
                            askerID: next(0...3) == 0 ? nil : UserID(next(1...5)), isAnonymous: next(0...4) == 0, addTime: time,
                            updateTime: time, answerCount: next(0...3), topicIDs: (0..<next(0...2)).map { _ in TopicID(next(1...4)) },
                            bestAnswerID: next(0...2) == 0 ? AnswerID(next(1...120)) : nil)
        }
        try store.write { writer in
            for id in (1...120).map({ $0 * 37 % 121 }) { try writer.upsert(answer(id, "旧")) }
            for id in (1...30).map({ $0 * 7 % 31 }) { try writer.upsert(question(id, "旧")) }
        }
        let counter = try #require(try store.read { try $0.changes() }).counter
        try store.write { writer in
            for id in [3, 50, 77, 121, 122] { try writer.upsert(answer(id, "新")) }
            var agreed = try #require(try writer.reader.answer(AnswerID(9)))
            agreed.agreeCount += 5
            try writer.upsert(agreed)
            for id in [2, 17, 31] { try writer.upsert(question(id, "新")) }
        }
        return (store, counter)
    }

    @Test("Answers read through the index after a counter equal the table's read, bodies of changed rows only",
          arguments: [1, 5, 2017] as [UInt64])
    func answersEqualTheTableRead(seed: UInt64) throws {
        let (store, counter) = try store(seed: seed)
        try store.read { reader in
            let table = Dictionary(grouping: try reader.connection.query("""
                SELECT id, question_id, author_id, is_anonymous, IIF(change > ?, content_html, ''), add_time, agree_count,
                       comment_count
                FROM answers NOT INDEXED ORDER BY question_id, agree_count DESC, add_time, id
                """, counter) { Answer(row: $0) }, by: \.questionID)
            let listed = try reader.answersByQuestion(bodiesChangedAfter: counter)
            #expect(listed == table)
            let flat = listed.values.joined()
            #expect(flat.count == 122)
            #expect(flat.filter { !$0.contentHTML.isEmpty }.count == 6)
            #expect(flat.contains { $0.isAnonymous && $0.authorID == nil } && flat.contains { $0.addTime == nil })
            // Counter 0: every body, as the table holds it.
            let full = try reader.answersByQuestion(bodiesChangedAfter: 0)
            #expect(full == Dictionary(grouping: try reader.connection.query("""
                SELECT \(Answer.columns) FROM answers ORDER BY question_id, agree_count DESC, add_time, id
                """) { Answer(row: $0) }, by: \.questionID))
            #expect(full.values.joined().allSatisfy { !$0.contentHTML.isEmpty })
        }
    }

    @Test("Questions read through the index after a counter equal the table's read, descriptions of changed rows only",
          arguments: [2, 9, 2018] as [UInt64])
    func questionsEqualTheTableRead(seed: UInt64) throws {
        let (store, counter) = try store(seed: seed)
        try store.read { reader in
            let table = try reader.connection.query("""
                SELECT q.id, q.title, IIF(q.change > ?, q.detail_html, ''), q.asker_id, q.is_anonymous, q.add_time, q.update_time,
                       q.answer_count, q.view_count, q.focus_count, q.best_answer_id
                FROM questions q NOT INDEXED ORDER BY q.update_time DESC, q.id DESC
                """, counter) { (row: Row) throws(StoreError) -> Question in
                Question(row: row, topicIDs: try reader.connection.topicIDs(.questions, owner: row.int(0)))
            }
            let listed = try reader.questions(bodiesChangedAfter: counter)
            #expect(listed == table)
            #expect(listed.count == 31)
            #expect(listed.filter { !$0.detailHTML.isEmpty }.map(\.id.rawValue).sorted() == [2, 17, 31])
            #expect(try reader.questions(bodiesChangedAfter: 0).allSatisfy { !$0.detailHTML.isEmpty })
        }
    }

    /// SQLite's own account of the reads: the listed columns from the covering index in its
    /// order (no sort), the bodies through the change index.
    @Test("SQLite reads the listed columns from the covering indexes, unsorted, and the bodies by change")
    func queryPlans() throws {
        let store = try Store.inMemory()
        func plan(_ sql: String) throws -> String {
            try store.read { reader in
                let explain = "EXPLAIN QUERY PLAN \(sql)"
                let rows = sql.contains("?") ? try reader.connection.query(explain, 0) { $0.text(3) }
                                             : try reader.connection.query(explain) { $0.text(3) }
                return rows.joined(separator: "; ")
            }
        }
        #expect(try plan(Answer.listedSQL) == "SCAN answers USING COVERING INDEX answers_listed")
        #expect(try plan(Question.listedSQL) == "SCAN q USING COVERING INDEX questions_listed")
        #expect(try plan(Answer.changedBodiesSQL) == "SEARCH answers USING INDEX answers_by_change (change>?)")
        #expect(try plan(Question.changedBodiesSQL) == "SEARCH questions USING INDEX questions_by_change (change>?)")
        // The index that answers_listed made redundant is gone; a question's answers use the new one.
        #expect(try plan("SELECT \(Answer.columns) FROM answers WHERE question_id = ? ORDER BY agree_count DESC, add_time, id")
            == "SEARCH answers USING INDEX answers_listed (question_id=?)")
    }

    @Test("A store at the schema before the covering indexes gets them when opened, and reads as before")
    func aStoreAtTheVersionBeforeMigrates() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let before = Schema.migrations.filter { $0.version < 9 }
        let old = try Store(path: folder.storeURL.path, migrations: before)
        try old.write { writer in
            try writer.upsert(Fixtures.question)
            try writer.upsert(Fixtures.answer)
            try writer.upsert(Fixtures.anonymousAnswer)
        }
        func indexes(_ store: Store) throws -> Set<String> {
            Set(try store.read { try $0.connection.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('answers', 'questions')") { $0.text(0) } })
        }
        #expect(try indexes(old).contains("answers_by_question"))
        #expect(try !indexes(old).contains("answers_listed"))
        let counter = try #require(try old.read { try $0.changes() }).counter

        let store = try Store.open(at: folder.storeURL)
        #expect(try store.appliedMigrations().map(\.version) == Schema.migrations.map(\.version))
        let now = try indexes(store)
        #expect(now.isSuperset(of: ["answers_listed", "questions_listed"]) && !now.contains("answers_by_question"))
        try store.read { reader in
            let (full, listed) = (try reader.answersByQuestion(bodiesChangedAfter: 0), try reader.answersByQuestion(bodiesChangedAfter: counter))
            #expect(full[Fixtures.question.id]?.count == 2 && full.values.joined().allSatisfy { !$0.contentHTML.isEmpty })
            #expect(listed[Fixtures.question.id]?.map(\.id) == full[Fixtures.question.id]?.map(\.id))
            #expect(listed.values.joined().allSatisfy { $0.contentHTML.isEmpty })
            #expect(try reader.questions(bodiesChangedAfter: 0) == [Fixtures.question])
        }
    }
}
