import Dispatch
import Synchronization
import WenjinModel

extension Store {
    /// Runs `first` and `second` at once, each in a read transaction of its own connection, when
    /// both transactions see the store at one change counter: every entity row is then the same
    /// in both (every write of one takes the counter's next number, `StoreChanges`), so the two
    /// read one state of the archive. Otherwise (a crawl wrote between the two, a store without a
    /// counter, an in-memory store) both run one after the other in one `read`. A large
    /// archive's rows take most of a second to decode: this puts both cores on them.
    /// Throws the store's `StoreError` or what a body throws.
    package func readSideBySide<A: Sendable, B: Sendable>(
        _ first: @Sendable (StoreReader) throws -> A, _ second: @Sendable (StoreReader) throws -> B
    ) throws -> (A, B) {
        if let pair = try readOnTwoConnections(first, second) { return pair }
        return try read { reader in (try first(reader), try second(reader)) }
    }

    /// Nil when the two connections' snapshots differ, or there can be no second connection.
    private func readOnTwoConnections<A: Sendable, B: Sendable>(
        _ first: @Sendable (StoreReader) throws -> A, _ second: @Sendable (StoreReader) throws -> B
    ) throws -> (A, B)? {
        guard path != ":memory:" else { return nil }
        let other = try secondConnection()
        return try withConnection { connection in
            try connection.transaction(immediate: false, { () throws -> (A, B)? in
                try other.transaction(immediate: false, { () throws -> (A, B)? in
                    let (mine, theirs) = (StoreReader(connection: connection), StoreReader(connection: other))
                    guard let seen = try mine.changes(), try theirs.changes() == seen else { return nil }
                    let lent = LentReaders(first: mine, second: theirs)
                    let results = Mutex<(Result<A, any Error>?, Result<B, any Error>?)>((nil, nil))
                    DispatchQueue.concurrentPerform(iterations: 2) { part in
                        if part == 0 {
                            let value = Result { try first(lent.first) }
                            results.withLock { $0.0 = value }
                        } else {
                            let value = Result { try second(lent.second) }
                            results.withLock { $0.1 = value }
                        }
                    }
                    let (a, b) = results.withLock { ($0.0!, $0.1!) }
                    return (try a.get(), try b.get())
                }, failing: { $0 })
            }, failing: { $0 })
        }
    }

    /// Two readers on two connections, each used by one thread only (`readOnTwoConnections`).
    private struct LentReaders: @unchecked Sendable {
        let first: StoreReader
        let second: StoreReader
    }
}
