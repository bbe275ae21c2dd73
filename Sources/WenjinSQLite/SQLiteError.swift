/// SQLite refused a call: its extended result code, the message `sqlite3_errmsg` gave at that
/// moment, and the SQL being run when there was one. The Store and Drafts errors keep it whole.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The extended result code (`SQLITE_CONSTRAINT_UNIQUE`, not just `SQLITE_CONSTRAINT`).
    public let code: Int32
    public let message: String
    public let sql: String?

    package init(code: Int32, message: String, sql: String?) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    public var description: String {
        "SQLite error \(code): \(message)" + (sql.map { " in \($0)" } ?? "")
    }
}
