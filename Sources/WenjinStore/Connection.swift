import CSQLite
import Foundation

/// One SQLite connection: opening with the store's settings, a cache of prepared statements,
/// transactions, and the single place where SQLite's return codes become `StoreError`s.
///
/// Not thread-safe by itself (it is opened with SQLITE_OPEN_NOMUTEX); `Store` keeps it behind a
/// mutex.
final class Connection {
    let path: String
    private let handle: OpaquePointer
    private var statements: [String: Statement] = [:]

    /// Opens (creating when absent) the database at `path`, or an in-memory one for ":memory:".
    init(path: String) throws(StoreError) {
        self.path = path
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_close_v2(opened)
            throw StoreError(.sqlite(code: code), path: path, message: message)
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        // A second process (a build reading while a crawl writes) waits instead of failing at once.
        sqlite3_busy_timeout(handle, 5_000)
        try execute("PRAGMA journal_mode = WAL")
        // WAL makes NORMAL durable against crashes of the process; only a power loss can lose the
        // last transactions, which a resumable crawl re-fetches.
        try execute("PRAGMA synchronous = NORMAL")
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Turns a failing return code into a `StoreError` carrying SQLite's message.
    @discardableResult
    func check(_ code: Int32, sql: String?) throws(StoreError) -> Int32 {
        switch code {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE:
            return code
        default:
            let message = String(cString: sqlite3_errmsg(handle))
            throw StoreError(.sqlite(code: sqlite3_extended_errcode(handle)), path: path, sql: sql, message: message)
        }
    }

    /// Runs SQL text that may hold several statements and no parameters (pragmas, schema scripts).
    func execute(_ sql: String) throws(StoreError) {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), sql: sql)
    }

    /// Runs one statement with its parameters, stepping it to the end.
    func run(_ sql: String, _ values: any SQLConvertible...) throws(StoreError) {
        try withStatement(sql, values) { statement throws(StoreError) in
            while try statement.step() {}
        }
    }

    /// The rows of a query, each turned into a value by `read`.
    func query<T>(_ sql: String, _ values: any SQLConvertible..., read: (Row) throws(StoreError) -> T) throws(StoreError) -> [T] {
        try withStatement(sql, values) { statement throws(StoreError) in
            var results: [T] = []
            let row = Row(statement: statement, connection: self)
            while try statement.step() {
                results.append(try read(row))
            }
            return results
        }
    }

    /// The first row of a query, or `nil` when there is none.
    func queryFirst<T>(_ sql: String, _ values: any SQLConvertible..., read: (Row) throws(StoreError) -> T) throws(StoreError) -> T? {
        try withStatement(sql, values) { statement throws(StoreError) in
            try statement.step() ? read(Row(statement: statement, connection: self)) : nil
        }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` inside one transaction: committed when it returns, rolled back when it throws.
    /// `immediate` takes the write lock at once, so a writer never fails halfway on a busy store.
    func transaction<T>(immediate: Bool, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try transaction(immediate: immediate, body, failing: { $0 })
    }

    /// `transaction` for a body that throws errors of its own (a caller's closure lent the
    /// store's reader or writer), which are rethrown as they are; `failing` turns the store's.
    func transaction<T, Failure: Error>(immediate: Bool, _ body: () throws(Failure) -> T,
                                        failing: (StoreError) -> Failure) throws(Failure) -> T {
        do {
            try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED")
        } catch {
            throw failing(error)
        }
        // Nothing useful can be done if the rollback itself fails; the first error is the story.
        let result: T
        do {
            result = try body()
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
        do {
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw failing(error)
        }
        return result
    }

    /// Lends a cached, bound statement for one use and resets it afterwards, even on error. A
    /// reset that fails after a successful use is an error too: the statement would not be
    /// ready for the next one (after a failed use, the use's own error is the story).
    private func withStatement<T>(_ sql: String, _ values: [any SQLConvertible],
                                  _ body: (Statement) throws(StoreError) -> T) throws(StoreError) -> T {
        let statement = try prepared(sql)
        let result: Result<T, StoreError>
        do {
            try statement.bind(values)
            result = .success(try body(statement))
        } catch {
            result = .failure(error)
        }
        let resetCode = statement.reset()
        let value = try result.get()
        try check(resetCode, sql: sql)
        return value
    }

    private func prepared(_ sql: String) throws(StoreError) -> Statement {
        if let cached = statements[sql] { return cached }
        var pointer: OpaquePointer?
        try check(sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &pointer, nil), sql: sql)
        guard let pointer else {
            // SQLite returns no statement for text that is only whitespace or comments.
            throw StoreError(.sqlite(code: SQLITE_MISUSE), path: path, sql: sql, message: "no statement in SQL text")
        }
        let statement = Statement(sql: sql, pointer: pointer, connection: self)
        statements[sql] = statement
        return statement
    }
}
