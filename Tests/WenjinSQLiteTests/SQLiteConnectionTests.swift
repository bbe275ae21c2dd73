import Foundation
import Testing
import WenjinSQLite

@Suite("SQLite connection")
struct SQLiteConnectionTests {
    /// A new database file in a new temporary folder.
    func temporaryDatabase() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("test.sqlite").path
    }

    func open() throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: try temporaryDatabase(), access: .create, busyTimeoutMilliseconds: 100)
        try connection.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, name TEXT UNIQUE, body BLOB)")
        return connection
    }

    func insert(_ connection: SQLiteConnection, _ values: [SQLiteValue]) throws(SQLiteError) {
        let statement = try connection.statement("INSERT INTO notes (name, body) VALUES (?, ?)")
        try statement.bind(values)
        do {
            while try statement.step() {}
        } catch {
            try? statement.reset()
            throw error
        }
        try statement.reset()
    }

    @Test("A refused statement reports SQLite's extended code, its message and the SQL")
    func refusalKeepsCodeMessageAndSQL() throws {
        let connection = try open()
        try insert(connection, [.text("a"), .null])
        #expect(throws: SQLiteError(code: 2067, message: "UNIQUE constraint failed: notes.name",
                                    sql: "INSERT INTO notes (name, body) VALUES (?, ?)")) {
            try insert(connection, [.text("a"), .null])
        }
        let syntax = #expect(throws: SQLiteError.self) { try connection.statement("SELEC 1") }
        #expect(syntax?.code == 1 && syntax?.sql == "SELEC 1" && syntax?.message.contains("syntax error") == true)
    }

    @Test("Too few or too many values for a statement's parameters are refused before anything runs")
    func parameterCountIsChecked() throws {
        let connection = try open()
        for values: [SQLiteValue] in [[.text("a")], [.text("a"), .null, .null]] {
            #expect(throws: SQLiteError(code: 25, message: "the statement takes 2 parameters, \(values.count) were given",
                                        sql: "INSERT INTO notes (name, body) VALUES (?, ?)")) {
                try insert(connection, values)
            }
        }
        let count = try connection.statement("SELECT count(*) FROM notes")
        #expect(try count.step() && count.row.int64(0) == 0)
        try count.reset()
    }

    @Test("A statement is ready again after a failed use, and text with NUL characters and empty blobs come back whole")
    func reuseAndExactValues() throws {
        let connection = try open()
        try insert(connection, [.text("a\u{0}b"), .blob(Data())])
        #expect(throws: SQLiteError.self) { try insert(connection, [.text("a\u{0}b"), .null]) }
        try insert(connection, [.text(""), .blob(Data([0, 1, 2]))])
        let select = try connection.statement("SELECT name, body FROM notes ORDER BY id")
        var rows: [(String, [UInt8], SQLiteRow.ColumnType)] = []
        while try select.step() { rows.append((select.row.text(0), select.row.bytes(1), select.row.type(1))) }
        try select.reset()
        #expect(rows.map(\.0) == ["a\u{0}b", ""])
        #expect(rows.map(\.1) == [[], [0, 1, 2]])
        #expect(rows.map(\.2) == [.blob, .blob])
        #expect(connection.lastInsertRowID == 3 || connection.lastInsertRowID == 2)
    }

    @Test("A file that cannot be opened says why, and closing a used connection twice is fine")
    func openFailureAndClose() throws {
        let missing = try temporaryDatabase() + ".absent"
        let error = #expect(throws: SQLiteError.self) {
            try SQLiteConnection(path: missing, access: .readOnly, busyTimeoutMilliseconds: 100)
        }
        #expect(error?.code == 14 && error?.message == "unable to open database file")
        let connection = try open()
        try insert(connection, [.text("a"), .null])
        try connection.close()
        try connection.close()
    }
}
