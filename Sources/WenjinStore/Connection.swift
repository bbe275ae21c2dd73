import Foundation
import WenjinSQLite

/// The store's SQLite connection: opened with the store's settings, statements run with
/// `SQLConvertible` parameters, transactions, and the one place where a `SQLiteError` becomes
/// a `StoreError` naming the store (the SQLite details kept whole).
///
/// Not thread-safe by itself; `Store` keeps it behind a mutex.
final class Connection {
    let path: String
    private let sqlite: SQLiteConnection

    /// Opens (creating when absent) the database at `path`, or an in-memory one for ":memory:".
    init(path: String) throws(StoreError) {
        self.path = path
        do {
            // A second process (a build reading while a crawl writes) waits instead of failing at once.
            sqlite = try SQLiteConnection(path: path, access: .create, busyTimeoutMilliseconds: 5_000)
            try sqlite.execute("PRAGMA journal_mode = WAL")
            // WAL makes NORMAL durable against crashes of the process; only a power loss can lose the
            // last transactions, which a resumable crawl re-fetches.
            try sqlite.execute("PRAGMA synchronous = NORMAL")
            try sqlite.execute("PRAGMA foreign_keys = ON")
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Runs SQL text that may hold several statements and no parameters (pragmas, schema scripts).
    func execute(_ sql: String) throws(StoreError) {
        do {
            try sqlite.execute(sql)
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Runs one statement with its parameters, stepping it to the end.
    func run(_ sql: String, _ values: any SQLConvertible...) throws(StoreError) {
        try withStatement(sql, values) { statement throws(StoreError) in
            while try step(statement) {}
        }
    }

    /// The rows of a query, each turned into a value by `read`.
    func query<T>(_ sql: String, _ values: any SQLConvertible..., read: (Row) throws(StoreError) -> T) throws(StoreError) -> [T] {
        try query(sql, bound: values, read: read)
    }

    /// `query` with its parameters in an array, for a caller that passes on its own.
    func query<T>(_ sql: String, bound values: [any SQLConvertible], read: (Row) throws(StoreError) -> T) throws(StoreError) -> [T] {
        try withStatement(sql, values) { statement throws(StoreError) in
            var results: [T] = []
            let row = Row(values: statement.row, sql: sql, path: path)
            while try step(statement) {
                results.append(try read(row))
            }
            return results
        }
    }

    /// The rows of a query of every row of `table` as lists by key, each list in the order of the
    /// rows' `order` (`read` gives a row's key, its order, which must order by the key first, and
    /// its value). The query reads the table in its own order and the lists are put in order here:
    /// ordered by SQLite through an index on the key, each row was looked up in the table on its
    /// own, which at 289,010 answers or 317,835 answer comments tripled the query's time (0.29 s
    /// against 0.09 s, 0.28 s against 0.04 s).
    ///
    /// The rows are grouped as they come (a counting sort, a key's rows kept in the table's order)
    /// and a list is sorted only when it is not already in order; each value is moved once, into
    /// its list. The buffers are sized from the table's count (a walk of its smallest index, a few
    /// milliseconds): grown a row at a time, they were copied at every doubling onto fresh pages.
    /// Sorting every row and copying the values into their lists cost a 100,000-question
    /// rebuild's read more than twice this (`BENCHMARKS.md`, read13).
    func queryGrouped<Key: Hashable, Order: Comparable, T>(_ sql: String, _ values: any SQLConvertible..., rowsOf table: String,
                                                        read: (Row) throws(StoreError) -> (key: Key, order: Order, value: T))
    throws(StoreError) -> [Key: [T]] {
        let expected = try queryFirst("SELECT count(*) FROM \(table)") { $0.int(0) } ?? 0
        var items = MovedValues<T>(capacity: expected)
        var (orders, groupOfRow): ([Order], [Int32]) = ([], [])
        orders.reserveCapacity(expected)
        groupOfRow.reserveCapacity(expected)
        // Each key's group number, in the order keys first come; the table is sized for one key a row.
        var groupOfKey: [Key: Int32] = [:]
        groupOfKey.reserveCapacity(expected)
        var (groupKeys, groupSizes): ([Key], [Int32]) = ([], [])
        try withStatement(sql, values) { statement throws(StoreError) in
            let row = Row(values: statement.row, sql: sql, path: path)
            while try step(statement) {
                let (key, order, value) = try read(row)
                orders.append(order)
                items.append(value)
                // One lookup: a new key's slot is made with -1 and numbered here.
                let group = Self.number(&groupOfKey[key, default: -1], next: Int32(groupKeys.count))
                if group == groupKeys.count {
                    groupKeys.append(key)
                    groupSizes.append(1)
                } else {
                    groupSizes[Int(group)] += 1
                }
                groupOfRow.append(group)
            }
        }
        // Where each group starts among the rows sorted by group, then the rows' places so sorted.
        var starts = [Int](repeating: 0, count: groupKeys.count + 1)
        for group in groupSizes.indices { starts[group + 1] = starts[group] + Int(groupSizes[group]) }
        var filled = starts
        var places = [Int32](repeating: 0, count: orders.count)
        for (place, group) in groupOfRow.enumerated() {
            places[filled[Int(group)]] = Int32(place)
            filled[Int(group)] += 1
        }
        var groups: [Key: [T]] = [:]
        groups.reserveCapacity(groupKeys.count)
        for (group, key) in groupKeys.enumerated() {
            let span = starts[group]..<starts[group + 1]
            if !zip(places[span], places[span].dropFirst()).allSatisfy({ !(orders[Int($1)] < orders[Int($0)]) }) {
                places[span].sort { orders[Int($0)] < orders[Int($1)] }
            }
            groups[key] = items.take(places[span])
        }
        return groups
    }

    /// `slot`'s group number, `next` when the slot is new (-1).
    private static func number(_ slot: inout Int32, next: Int32) -> Int32 {
        if slot < 0 { slot = next }
        return slot
    }

    /// The first row of a query, or `nil` when there is none.
    func queryFirst<T>(_ sql: String, _ values: any SQLConvertible..., read: (Row) throws(StoreError) -> T) throws(StoreError) -> T? {
        try withStatement(sql, values) { statement throws(StoreError) in
            try step(statement) ? read(Row(values: statement.row, sql: sql, path: path)) : nil
        }
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { sqlite.changes }

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

    private func step(_ statement: SQLiteStatement) throws(StoreError) -> Bool {
        do {
            return try statement.step()
        } catch {
            throw StoreError(error, path: path)
        }
    }

    /// Lends a cached, bound statement for one use and resets it afterwards, even on error. A
    /// reset that fails after a successful use is an error too: the statement would not be
    /// ready for the next one (after a failed use, the use's own error is the story).
    private func withStatement<T>(_ sql: String, _ values: [any SQLConvertible],
                                  _ body: (SQLiteStatement) throws(StoreError) -> T) throws(StoreError) -> T {
        let statement: SQLiteStatement
        do {
            statement = try sqlite.statement(sql)
            try statement.bind(values.map(\.sqlValue))
        } catch {
            throw StoreError(error, path: path)
        }
        let result: Result<T, StoreError>
        do {
            result = .success(try body(statement))
        } catch {
            result = .failure(error)
        }
        do {
            try statement.reset()
        } catch {
            _ = try result.get()
            throw StoreError(error, path: path)
        }
        return try result.get()
    }
}

/// The current row of a statement, read by column index. Valid only until the next step.
struct Row {
    let values: SQLiteRow
    let sql: String
    let path: String

    func isNull(_ column: Int32) -> Bool { values.isNull(column) }

    func int(_ column: Int32) -> Int { Int(values.int64(column)) }

    func optionalInt(_ column: Int32) -> Int? { isNull(column) ? nil : int(column) }

    func bool(_ column: Int32) -> Bool { int(column) != 0 }

    func text(_ column: Int32) -> String { values.text(column) }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    func blob(_ column: Int32) -> Data { values.data(column) }

    /// A time in whole seconds, held to `Date.storableSeconds` (a row written by other means
    /// may hold anything).
    func date(_ column: Int32) -> Date { Self.date(seconds: int(column)) }

    /// `date`'s time of a column's whole seconds already read.
    static func date(seconds: Int) -> Date {
        let bounds = Date.storableSeconds
        return Date(timeIntervalSince1970: TimeInterval(min(max(Int64(seconds), bounds.lowerBound), bounds.upperBound)))
    }

    func optionalDate(_ column: Int32) -> Date? { isNull(column) ? nil : date(column) }

    /// Reads a text column that must hold one of an enum's raw values.
    func value<T: RawRepresentable>(_ column: Int32, as type: T.Type) throws(StoreError) -> T where T.RawValue == String {
        let raw = text(column)
        guard let value = T(rawValue: raw) else {
            throw StoreError(.unreadableValue(column: values.name(column)), path: path, sql: sql, message: "unknown value '\(raw)'")
        }
        return value
    }
}

/// Values appended one by one and then each moved out once, into the lists `take` makes
/// (`Connection.queryGrouped`): moved, not copied, they are neither retained nor released on
/// the way. What is not taken is destroyed with the buffer.
private struct MovedValues<T>: ~Copyable {
    private var base: UnsafeMutablePointer<T>
    private var capacity: Int
    private var count = 0
    /// Whether each value is still in the buffer (not taken).
    private var present: [Bool] = []

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
        present.reserveCapacity(self.capacity)
    }

    mutating func append(_ value: consuming T) {
        if count == capacity {
            let larger = UnsafeMutablePointer<T>.allocate(capacity: capacity * 2)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            (base, capacity) = (larger, capacity * 2)
        }
        (base + count).initialize(to: value)
        present.append(true)
        count += 1
    }

    /// The values at `places` (each taken once at most), moved into a list in that order.
    mutating func take(_ places: ArraySlice<Int32>) -> [T] {
        [T](unsafeUninitializedCapacity: places.count) { list, initialized in
            for place in places {
                precondition(present[Int(place)], "each value taken once")
                present[Int(place)] = false
                (list.baseAddress! + initialized).initialize(to: (base + Int(place)).move())
                initialized += 1
            }
        }
    }

    deinit {
        for place in 0..<count where present[place] { (base + place).deinitialize(count: 1) }
        base.deallocate()
    }
}
