import Foundation
import WenjinSQLite

/// The connection to one draft file. draft.db is the client's file, not our store, so nothing
/// here changes its journal mode, pragmas or schema beyond the client's own `create table`
/// statements.
final class DraftConnection {
    private let sqlite: SQLiteConnection
    let path: String

    init(path: String, writable: Bool) throws(DraftsError) {
        self.path = path
        do {
            // The app may hold the file open; wait a little instead of failing at once.
            sqlite = try SQLiteConnection(path: path, access: writable ? .create : .readOnly, busyTimeoutMilliseconds: 2000)
        } catch {
            throw DraftsError(.sqlite(error), path: path)
        }
    }

    /// Runs `sql` with `values` bound and calls `row` for each result row.
    func run(_ sql: String, _ values: [SQLiteValue] = [], row: (DraftRow) throws(DraftsError) -> Void = { _ in })
        throws(DraftsError) {
        do {
            let statement = try sqlite.statement(sql)
            try statement.bind(values)
            do {
                while try statement.step() { try row(DraftRow(values: statement.row)) }
            } catch {
                // The use's own error is the story; the reset would only repeat a failed step's.
                try? statement.reset()
                throw error
            }
            try statement.reset()
        } catch let error as SQLiteError {
            throw DraftsError(.sqlite(error), path: path)
        } catch let error as DraftsError {
            throw error
        } catch {
            preconditionFailure("only SQLite and the row reader throw here: \(error)")
        }
    }

    /// Rows changed by the last insert, update or delete.
    var changes: Int { sqlite.changes }

    /// The rowid of the last row this connection inserted.
    var lastInsertRowID: Int64 { sqlite.lastInsertRowID }

    /// Names of the tables the file holds.
    func tableNames() throws(DraftsError) -> Set<String> {
        var names = Set<String>()
        try run("select name from sqlite_master where type = 'table'") { row in
            if let name = row.text(0) { names.insert(name) }
        }
        return names
    }

    /// Finalizes the statements and closes the file, so a write that SQLite could not finish is
    /// reported instead of dropped at deinit.
    func close() throws(DraftsError) {
        do {
            try sqlite.close()
        } catch {
            throw DraftsError(.sqlite(error), path: path)
        }
    }
}

/// One result row, valid only inside the `run` callback it is passed to. Columns are typeless
/// in the client's schema, so every accessor says what it found instead of assuming.
struct DraftRow {
    let values: SQLiteRow

    func isNull(_ column: Int32) -> Bool { values.isNull(column) }

    func integer(_ column: Int32) -> Int64? {
        switch values.type(column) {
        case .integer: return values.int64(column)
        case .float: return Int64(exactly: values.double(column).rounded(.down))
        case .text: return Int64(values.text(column).trimmingCharacters(in: .whitespaces))
        case .blob, .null: return nil
        }
    }

    /// The column as text (numbers as SQLite prints them); nil for NULL or a BLOB that is not UTF-8.
    func text(_ column: Int32) -> String? {
        switch values.type(column) {
        case .null: return nil
        case .blob: return String(validating: values.bytes(column), as: UTF8.self)
        default: return String(decoding: values.bytes(column), as: UTF8.self)
        }
    }

    /// The column's bytes: a BLOB as stored, text as UTF-8; nil for NULL.
    func data(_ column: Int32) -> Data? {
        isNull(column) ? nil : Data(values.bytes(column))
    }
}
