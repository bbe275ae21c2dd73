import CSQLite
import Foundation

/// SQLite's "copy the bytes now" destructor; the macro SQLITE_TRANSIENT is not imported.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One prepared statement, owned by the connection's cache and finalized when it goes away.
///
/// Only `Connection` hands statements out, and only for the length of one call, so bindings
/// and the cursor never leak from one use into the next.
final class Statement {
    let sql: String
    let pointer: OpaquePointer
    private unowned let connection: Connection

    init(sql: String, pointer: OpaquePointer, connection: Connection) {
        self.sql = sql
        self.pointer = pointer
        self.connection = connection
    }

    deinit { sqlite3_finalize(pointer) }

    /// Binds `values` to the parameters in order; exactly as many as the statement has, since
    /// a missing one would silently be NULL.
    func bind(_ values: [any SQLConvertible]) throws(StoreError) {
        let expected = Int(sqlite3_bind_parameter_count(pointer))
        guard values.count == expected else {
            throw StoreError(.sqlite(code: SQLITE_RANGE), path: connection.path, sql: sql,
                             message: "the statement takes \(expected) parameters, \(values.count) were given")
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value.sqlValue {
            case .null:
                code = sqlite3_bind_null(pointer, index)
            case .integer(let number):
                code = sqlite3_bind_int64(pointer, index, number)
            case .text(let text):
                code = Self.bind(text: text, to: pointer, at: index)
            case .blob(let data):
                code = data.withUnsafeBytes { bytes in
                    // A nil base address would bind NULL, not an empty blob.
                    sqlite3_bind_blob(pointer, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                      Int32(bytes.count), transient)
                }
            }
            try connection.check(code, sql: sql)
        }
    }

    /// Binds with an explicit length so text holding NUL characters survives whole.
    private static func bind(text: String, to pointer: OpaquePointer, at index: Int32) -> Int32 {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else {
                return sqlite3_bind_text(pointer, index, "", 0, transient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(pointer, index, $0, Int32(bytes.count), transient)
            }
        }
    }

    /// Advances the cursor; `true` when a row is available.
    func step() throws(StoreError) -> Bool {
        let code = sqlite3_step(pointer)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        try connection.check(code, sql: sql)
        return false
    }

    /// Makes the statement ready for its next use; the first failing result of SQLite's reset
    /// and clear-bindings (after a failed step, reset repeats that step's error).
    func reset() -> Int32 {
        let code = sqlite3_reset(pointer)
        let cleared = sqlite3_clear_bindings(pointer)
        return code != SQLITE_OK ? code : cleared
    }
}

/// The current row of a statement, read by column index. Valid only until the next step.
struct Row {
    let statement: Statement
    let connection: Connection

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(statement.pointer, column) == SQLITE_NULL
    }

    func int(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(statement.pointer, column))
    }

    func optionalInt(_ column: Int32) -> Int? {
        isNull(column) ? nil : int(column)
    }

    func bool(_ column: Int32) -> Bool { int(column) != 0 }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement.pointer, column) else { return "" }
        let count = Int(sqlite3_column_bytes(statement.pointer, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? {
        isNull(column) ? nil : text(column)
    }

    func blob(_ column: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(statement.pointer, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement.pointer, column)))
    }

    /// A time in whole seconds, held to `Date.storableSeconds` (a row written by other means
    /// may hold anything).
    func date(_ column: Int32) -> Date {
        let bounds = Date.storableSeconds
        return Date(timeIntervalSince1970: TimeInterval(min(max(Int64(int(column)), bounds.lowerBound), bounds.upperBound)))
    }

    func optionalDate(_ column: Int32) -> Date? {
        isNull(column) ? nil : date(column)
    }

    /// Reads a text column that must hold one of an enum's raw values.
    func value<T: RawRepresentable>(_ column: Int32, as type: T.Type) throws(StoreError) -> T where T.RawValue == String {
        let raw = text(column)
        guard let value = T(rawValue: raw) else {
            let name = sqlite3_column_name(statement.pointer, column).map { String(cString: $0) } ?? "\(column)"
            throw StoreError(.unreadableValue(column: name), path: connection.path, sql: statement.sql,
                             message: "unknown value '\(raw)'")
        }
        return value
    }
}
