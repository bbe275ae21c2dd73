import Foundation
import Testing
@testable import WenjinStore

/// A statement runs with exactly the values it has parameters for: a missing one would be NULL
/// without a word, an extra one silently dropped.
@Suite struct StatementBindingTests {
    @Test func aStatementGivenTooFewOrTooManyValuesIsRefusedAndWritesNothing() throws {
        let store = try Store.inMemory()
        try store.write { try $0.connection.execute("create table pairs(a, b)") }
        for values in [[1], [1, 2, 3]] as [[Int]] {
            let error = #expect(throws: StoreError.self) {
                try store.write { writer in
                    let parameters = values.map { $0 as any SQLConvertible }
                    switch parameters.count {
                    case 1: try writer.connection.run("insert into pairs values (?, ?)", parameters[0])
                    default: try writer.connection.run("insert into pairs values (?, ?)", parameters[0], parameters[1], parameters[2])
                    }
                }
            }
            #expect(error?.message?.contains("takes 2 parameters, \(values.count) were given") == true)
        }
        #expect(try store.read { try $0.connection.query("select count(*) from pairs") { $0.int(0) } } == [0])
    }

    @Test func theNextUseOfAStatementSeesOnlyItsOwnValues() throws {
        let store = try Store.inMemory()
        try store.write { writer in
            try writer.connection.execute("create table pairs(a, b)")
            try writer.connection.run("insert into pairs values (?, ?)", 1, 2)
            #expect(throws: StoreError.self) { try writer.connection.run("insert into pairs values (?, ?)", 3) }
            try writer.connection.run("insert into pairs values (?, ?)", 4, 5)
        }
        let rows = try store.read { try $0.connection.query("select a, b from pairs order by a") { [$0.int(0), $0.int(1)] } }
        #expect(rows == [[1, 2], [4, 5]])
    }
}
