import CSQLite

/// One SQLite connection, the only place in the package that holds SQLite's pointers. Every
/// return code is checked, as GRDB does (open, prepare, bind, step, reset, clear_bindings,
/// finalize, close) and the parameter count too: a failure is a `SQLiteError`, never ignored.
///
/// Not thread-safe (opened with SQLITE_OPEN_NOMUTEX): its owner serializes use.
package final class SQLiteConnection {
    package enum Access {
        /// Read and write, creating the file when absent.
        case create
        case readOnly
    }

    private let handle: OpaquePointer
    /// Prepared statements by SQL text, each kept for the connection's life (SQLITE_PREPARE_PERSISTENT).
    private var statements: [String: SQLiteStatement] = [:]
    private var isClosed = false

    /// Opens the database at `path` (":memory:" for a private in-memory one). `busyTimeout`
    /// lets it wait for another process's lock instead of failing at once.
    package init(path: String, access: Access, busyTimeoutMilliseconds: Int32) throws(SQLiteError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_NOMUTEX | (access == .create ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY)
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw SQLiteError(code: code, message: message, sql: nil)
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, busyTimeoutMilliseconds)
    }

    deinit {
        // An owner that wants to know whether closing failed calls `close()` first.
        if !isClosed { try? close() }
    }

    /// Finalizes every statement and closes the file. A statement still running or a close
    /// refused (a statement not finalized) is an error.
    package func close() throws(SQLiteError) {
        guard !isClosed else { return }
        isClosed = true
        var firstFailure: SQLiteError?
        for statement in statements.values {
            do { try statement.finalize() } catch { firstFailure = firstFailure ?? error }
        }
        statements.removeAll()
        let code = sqlite3_close(handle)
        if code != SQLITE_OK {
            firstFailure = firstFailure ?? failure(code, sql: nil)
            sqlite3_close_v2(handle)
        }
        if let firstFailure { throw firstFailure }
    }

    /// The error for a failing `code`, with SQLite's message about it.
    func failure(_ code: Int32, sql: String?) -> SQLiteError {
        SQLiteError(code: sqlite3_extended_errcode(handle) != SQLITE_OK ? sqlite3_extended_errcode(handle) : code,
                    message: String(cString: sqlite3_errmsg(handle)), sql: sql)
    }

    /// Runs SQL text that may hold several statements and no parameters (pragmas, schema scripts).
    package func execute(_ sql: String) throws(SQLiteError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: text, sql: sql)
        }
    }

    /// The prepared statement for `sql`, from the cache or prepared now.
    package func statement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        if let cached = statements[sql] { return cached }
        var pointer: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil)
        guard code == SQLITE_OK else { throw failure(code, sql: sql) }
        // SQLite returns no statement for text that is only whitespace or comments.
        guard let pointer else { throw SQLiteError(code: SQLITE_MISUSE, message: "no statement in SQL text", sql: sql) }
        let statement = SQLiteStatement(sql: sql, pointer: pointer, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes(handle)) }

    /// The rowid of the last row inserted through this connection.
    package var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
}
