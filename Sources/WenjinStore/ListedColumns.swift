/// Covering indexes of the columns a build lists of every answer and question: all but the
/// bodies (migration 9). A rebuild needs the bodies of only the rows written since the last
/// build (`StoreChanges`), yet a scan of a table walks every body's pages: at 100,000 questions
/// the answers table is 111 MB, the questions 45 MB, their listed columns 7 and 9 MB here. A
/// rebuild reads the listed columns from these and the changed rows' bodies through
/// `<table>_by_change`; a full read, every body needed, scans the table.
///
/// The answers' index is in the order of their lists (`answersByQuestion`), so a grouped read
/// finds each list in order and sorts none, and its first column makes `answers_by_question`
/// redundant (dropped). The questions' is in ID order, the order `Connection.posts` reads them in.
/// Neither holds `change`: every write of a row sets it again (`StoreChanges`' triggers), which
/// would rewrite the row's entry here too.
enum ListedColumns {
    static let answersIndex = "answers_listed"
    static let questionsIndex = "questions_listed"

    static let migrationSQL = """
        CREATE INDEX answers_listed ON answers
            (question_id, agree_count DESC, add_time, id, author_id, is_anonymous, comment_count);
        DROP INDEX answers_by_question;
        CREATE INDEX questions_listed ON questions
            (id, title, asker_id, is_anonymous, add_time, update_time, answer_count, view_count, focus_count, best_answer_id);
        """
}
