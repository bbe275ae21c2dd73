import WenjinBuildSupport
import WenjinModel

extension Store {
    /// Runs `first`, `second` and `third` at once, each in a read transaction of its own
    /// connection, when the three transactions see the store at one change counter: every
    /// entity row is then the same in all three (every write of one takes the counter's next
    /// number, `StoreChanges`), so they read one state of the archive. Otherwise (a crawl wrote
    /// while they began, a store without a counter, an in-memory store) the three run one after
    /// the other in one `read`. A large archive's rows take most of a second to decode: this puts
    /// every core on them (`SideBySide`: the first on the caller's thread, the others on threads
    /// of their own). Throws the store's `StoreError` or what a part throws.
    package func readSideBySide<A: Sendable, B: Sendable, C: Sendable>(
        _ first: @Sendable (StoreReader) throws -> A, _ second: @Sendable (StoreReader) throws -> B,
        _ third: @Sendable (StoreReader) throws -> C
    ) throws -> (A, B, C) {
        try readSideBySide(first, second, third, whileBeginning: {})
    }

    /// `readSideBySide`, with `whileBeginning` run after the first transaction has taken its
    /// snapshot and before the others take theirs (a test's write that lands between them).
    func readSideBySide<A: Sendable, B: Sendable, C: Sendable>(
        _ first: @Sendable (StoreReader) throws -> A, _ second: @Sendable (StoreReader) throws -> B,
        _ third: @Sendable (StoreReader) throws -> C, whileBeginning: () throws -> Void
    ) throws -> (A, B, C) {
        if let parts = try readOnThreeConnections(first, second, third, whileBeginning: whileBeginning) { return parts }
        return try read { reader in (try first(reader), try second(reader), try third(reader)) }
    }

    /// Nil when the connections' snapshots differ, or there can be no other connection.
    private func readOnThreeConnections<A: Sendable, B: Sendable, C: Sendable>(
        _ first: @Sendable (StoreReader) throws -> A, _ second: @Sendable (StoreReader) throws -> B,
        _ third: @Sendable (StoreReader) throws -> C, whileBeginning: () throws -> Void
    ) throws -> (A, B, C)? {
        guard path != ":memory:" else { return nil }
        let (two, three) = try spareConnections()
        return try withConnection { one in
            try one.transaction(immediate: false, { () throws -> (A, B, C)? in
                // A WAL snapshot is taken by a transaction's first read: the counter's.
                guard let seen = try StoreReader(connection: one).changes() else { return nil }
                try whileBeginning()
                return try two.transaction(immediate: false, { () throws -> (A, B, C)? in
                    try three.transaction(immediate: false, { () throws -> (A, B, C)? in
                        guard try StoreReader(connection: two).changes() == seen,
                              try StoreReader(connection: three).changes() == seen else { return nil }
                        let lent = LentReaders(readers: (StoreReader(connection: one), StoreReader(connection: two),
                                                         StoreReader(connection: three)))
                        let (a, b, c) = SideBySide.run({ Result { try first(lent.readers.0) } },
                                                       { Result { try second(lent.readers.1) } },
                                                       { Result { try third(lent.readers.2) } })
                        return (try a.get(), try b.get(), try c.get())
                    }, failing: { $0 })
                }, failing: { $0 })
            }, failing: { $0 })
        }
    }

    /// Three readers on three connections, each used by one thread only (`readOnThreeConnections`).
    private struct LentReaders: @unchecked Sendable {
        let readers: (StoreReader, StoreReader, StoreReader)
    }
}
