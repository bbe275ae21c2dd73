import CSQLite
import Foundation

/// SQLite's "copy the bytes now" destructor; the macro SQLITE_TRANSIENT is not imported.
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A value bound to a statement parameter.
enum DraftSQLValue {
    case integer(Int64)
    case text(String)
    case blob(Data)
}

/// The module's own tiny SQLite connection to one draft file. draft.db is the client's file,
/// not our store, so nothing here changes its journal mode, pragmas or schema beyond the
/// client's own `create table` statements.
final class DraftConnection {
    private let handle: OpaquePointer
    let path: String

    init(path: String, writable: Bool) throws(DraftsError) {
        var pointer: OpaquePointer?
        let flags = writable ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY
        let code = sqlite3_open_v2(path, &pointer, flags, nil)
        guard code == SQLITE_OK, let pointer else {
            let message = pointer.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(pointer)
            throw DraftsError(.sqlite(code: code, message: message), path: path)
        }
        handle = pointer
        self.path = path
        // The app may hold the file open; wait a little instead of failing at once.
        sqlite3_busy_timeout(handle, 2000)
    }

    deinit { sqlite3_close(handle) }

    /// Runs `sql` with `values` bound and calls `row` for each result row.
    func run(_ sql: String, _ values: [DraftSQLValue] = [], row: (DraftRow) throws(DraftsError) -> Void = { _ in }) throws(DraftsError) {
        var statement: OpaquePointer?
        try check(sqlite3_prepare_v2(handle, sql, -1, &statement, nil))
        defer { sqlite3_finalize(statement) }
        // Exactly as many values as parameters: a missing one would silently be NULL.
        let expected = Int(sqlite3_bind_parameter_count(statement))
        guard values.count == expected else {
            throw DraftsError(.sqlite(code: SQLITE_RANGE, message: "the statement takes \(expected) parameters, \(values.count) were given"),
                              path: path)
        }
        for (offset, value) in values.enumerated() {
            try check(Self.bind(value, to: statement, at: Int32(offset + 1)))
        }
        while true {
            let code = sqlite3_step(statement)
            if code == SQLITE_DONE { return }
            guard code == SQLITE_ROW, let statement else { return try check(code) }
            try row(DraftRow(statement: statement))
        }
    }

    /// Rows changed by the last insert, update or delete.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Names of the tables the file holds.
    func tableNames() throws(DraftsError) -> Set<String> {
        var names = Set<String>()
        try run("select name from sqlite_master where type = 'table'") { row in
            if let name = row.text(0) { names.insert(name) }
        }
        return names
    }

    private func check(_ code: Int32) throws(DraftsError) {
        guard code == SQLITE_OK || code == SQLITE_DONE || code == SQLITE_ROW else {
            throw DraftsError(.sqlite(code: code, message: String(cString: sqlite3_errmsg(handle))), path: path)
        }
    }

    private static func bind(_ value: DraftSQLValue, to statement: OpaquePointer?, at index: Int32) -> Int32 {
        switch value {
        case .integer(let number):
            return sqlite3_bind_int64(statement, index, number)
        case .text(let text):
            // An explicit length keeps text holding NUL characters whole.
            let bytes = Array(text.utf8)
            guard !bytes.isEmpty else { return sqlite3_bind_text(statement, index, "", 0, transient) }
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    sqlite3_bind_text(statement, index, $0.baseAddress, Int32($0.count), transient)
                }
            }
        case .blob(let data):
            return data.withUnsafeBytes { bytes in
                // A nil base address would bind NULL, not an empty blob.
                sqlite3_bind_blob(statement, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), transient)
            }
        }
    }
}

/// One result row, valid only inside the `run` callback it is passed to. Columns are typeless
/// in the client's schema, so every accessor says what it found instead of assuming.
struct DraftRow {
    let statement: OpaquePointer

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func integer(_ column: Int32) -> Int64? {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return sqlite3_column_int64(statement, column)
        case SQLITE_FLOAT: return Int64(exactly: sqlite3_column_double(statement, column).rounded(.down))
        case SQLITE_TEXT: return text(column).flatMap { Int64($0.trimmingCharacters(in: .whitespaces)) }
        default: return nil
        }
    }

    /// The column as text (numbers as SQLite prints them); nil for NULL or a BLOB that is not UTF-8.
    func text(_ column: Int32) -> String? {
        let type = sqlite3_column_type(statement, column)
        guard type != SQLITE_NULL else { return nil }
        let bytes = bytes(column)
        return type == SQLITE_BLOB ? String(validating: bytes, as: UTF8.self) : String(decoding: bytes, as: UTF8.self)
    }

    /// The column's bytes: a BLOB as stored, text as UTF-8; nil for NULL.
    func data(_ column: Int32) -> Data? {
        isNull(column) ? nil : Data(bytes(column))
    }

    private func bytes(_ column: Int32) -> [UInt8] {
        // Ask for the pointer first: it may convert the value, and the byte count must follow it.
        let type = sqlite3_column_type(statement, column)
        let pointer = type == SQLITE_BLOB ? sqlite3_column_blob(statement, column) : UnsafeRawPointer(sqlite3_column_text(statement, column))
        let count = Int(sqlite3_column_bytes(statement, column))
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: pointer, count: count))
    }
}
