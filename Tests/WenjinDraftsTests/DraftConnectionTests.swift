import Foundation
import Testing
@testable import WenjinDrafts
import WenjinSQLite

@Suite("draft.db connection")
struct DraftConnectionTests {
    @Test("A statement given too few or too many values is refused and changes nothing in the file")
    func parameterCountIsChecked() throws {
        let file = try DraftFixture.temporaryFolder().appendingPathComponent("draft.db")
        let connection = try DraftConnection(path: file.path, writable: true)
        try connection.run("create table pairs(a, b)")
        for values in [[SQLiteValue.integer(1)], [.integer(1), .integer(2), .integer(3)]] {
            let error = #expect(throws: DraftsError.self) { try connection.run("insert into pairs values (?, ?)", values) }
            guard case .sqlite(let cause)? = error?.reason else {
                Issue.record("not a SQLite error: \(String(describing: error))")
                continue
            }
            #expect(cause.code == 25 && cause.message == "the statement takes 2 parameters, \(values.count) were given")
            #expect(cause.sql == "insert into pairs values (?, ?)")
        }
        var count: Int64?
        try connection.run("select count(*) from pairs") { count = $0.integer(0) }
        #expect(count == 0)
    }
}
