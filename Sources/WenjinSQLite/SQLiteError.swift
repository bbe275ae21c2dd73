/// SQLite refused a call: its extended result code, the message `sqlite3_errmsg` gave at that
/// moment, and the SQL being run when there was one. The Store and Drafts errors keep it whole.
package struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, not just `SQLITE_CONSTRAINT`).
    package let code: Int32
    package let message: String
    package let sql: String?

    package init(code: Int32, message: String, sql: String?) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    package var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " in \($0)" } ?? "")
    }
}
