import CSQLite
import Foundation

/// SQLite's "copy the bytes now" destructor; the macro SQLITE_TRANSIENT is not imported.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One prepared statement, owned by its connection's cache. A use is: `bind`, `step` until it
/// says no more rows (reading `row` in between), then `reset`, which also clears the bindings
/// so nothing leaks into the next use.
package final class SQLiteStatement {
    package let sql: String
    private let pointer: OpaquePointer
    private unowned let connection: SQLiteConnection
    private var isFinalized = false

    init(sql: String, pointer: OpaquePointer, connection: SQLiteConnection) {
        self.sql = sql
        self.pointer = pointer
        self.connection = connection
    }

    private func check(_ code: Int32) throws(SQLiteError) {
        guard code == SQLITE_OK else { throw connection.failure(code, sql: sql) }
    }

    /// Binds `values` to the parameters in order: exactly as many as the statement has, since
    /// a missing one would silently be NULL.
    package func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        let expected = Int(sqlite3_bind_parameter_count(pointer))
        guard values.count == expected else {
            throw SQLiteError(code: SQLITE_RANGE, message: "the statement takes \(expected) parameters, \(values.count) were given",
                              sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try check(bind(value, at: Int32(offset + 1)))
        }
    }

    private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(pointer, index)
        case .integer(let number):
            return sqlite3_bind_int64(pointer, index, number)
        case .text(var text):
            // An explicit length keeps text holding NUL characters whole.
            return text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, bytes.count > 0 else { return sqlite3_bind_text(pointer, index, "", 0, transient) }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text(pointer, index, $0, Int32(bytes.count), transient)
                }
            }
        case .blob(let data):
            return data.withUnsafeBytes { bytes in
                // A nil base address would bind NULL, not an empty blob.
                sqlite3_bind_blob(pointer, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), transient)
            }
        }
    }

    /// Advances the cursor; true when `row` holds a row.
    package func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(pointer) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw connection.failure(code, sql: sql)
        }
    }

    /// The current row; valid until the next `step` or `reset`.
    package var row: SQLiteRow { SQLiteRow(pointer: pointer) }

    /// Makes the statement ready for its next use. After a failed step, reset repeats that
    /// step's error; the caller reports the step's own error first.
    package func reset() throws(SQLiteError) {
        let resetCode = sqlite3_reset(pointer)
        let clearCode = sqlite3_clear_bindings(pointer)
        try check(resetCode)
        try check(clearCode)
    }

    /// Frees the statement; the connection does it when closing.
    func finalize() throws(SQLiteError) {
        guard !isFinalized else { return }
        isFinalized = true
        try check(sqlite3_finalize(pointer))
    }

    deinit {
        if !isFinalized { sqlite3_finalize(pointer) }
    }
}
