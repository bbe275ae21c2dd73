import CSQLite
import Foundation

/// The current row of a statement, read by column index, valid until the statement steps
/// again. Reads take what SQLite holds; the callers decide what a NULL or odd type means.
package struct SQLiteRow {
    package enum ColumnType {
        case integer, float, text, blob, null
    }

    fileprivate let pointer: OpaquePointer

    init(pointer: OpaquePointer) { self.pointer = pointer }

    package func type(_ column: Int32) -> ColumnType {
        switch sqlite3_column_type(pointer, column) {
        case SQLITE_INTEGER: .integer
        case SQLITE_FLOAT: .float
        case SQLITE_TEXT: .text
        case SQLITE_BLOB: .blob
        default: .null
        }
    }

    package func isNull(_ column: Int32) -> Bool { sqlite3_column_type(pointer, column) == SQLITE_NULL }

    package func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }

    package func double(_ column: Int32) -> Double { sqlite3_column_double(pointer, column) }

    /// The column as text (numbers as SQLite prints them, NULL as ""), invalid UTF-8 repaired.
    package func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(pointer, column) else { return "" }
        let count = Int(sqlite3_column_bytes(pointer, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The column's bytes: a BLOB as stored, anything else as its text's UTF-8.
    package func bytes(_ column: Int32) -> [UInt8] {
        // Ask for the pointer first: it may convert the value, and the byte count must follow it.
        let pointer = type(column) == .blob ? sqlite3_column_blob(self.pointer, column)
            : UnsafeRawPointer(sqlite3_column_text(self.pointer, column))
        let count = Int(sqlite3_column_bytes(self.pointer, column))
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }

    /// A BLOB column as `Data` (empty for NULL).
    package func data(_ column: Int32) -> Data {
        guard let bytes = sqlite3_column_blob(pointer, column) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(pointer, column)))
    }

    /// The column's name in the result, for messages.
    package func name(_ column: Int32) -> String {
        sqlite3_column_name(pointer, column).map { String(cString: $0) } ?? "\(column)"
    }
}
