// WenjinStore owns the crawl store (`.wenjin/cache.sqlite`): the SQLite connection, the
// schema and its migrations, and typed reads and writes of entities, raw responses, assets,
// crawl queue, revisions, meta values and the sanitizer's cache.
// It must not let a C pointer or SQL text escape this module, and it knows nothing of HTTP,
// HTML or pages: callers hand it model values and get model values back.
import Foundation
import Synchronization
import WenjinModel

/// The crawl store. One connection per store, used by one caller at a time (and two more, for
/// reads only, that `readSideBySide` opens beside it).
///
/// All access goes through `read { }` or `write { }`, each one SQLite transaction, so a batch of
/// writes is both atomic and fast. The reader or writer handed to the closure is valid only
/// inside it; calling `read`/`write` again from inside the closure would deadlock, so use the
/// writer's `reader` instead.
package final class Store: @unchecked Sendable {
    /// The store's file name inside the site's store folder (`.wenjin/cache.sqlite`).
    package static let fileName = "cache.sqlite"

    /// The store file, or `:memory:`.
    package let path: String
    // Unchecked because the connection is lent to the caller's closure, which a
    // `Mutex<Connection>` cannot prove safe; every use of `connection` holds `lock`.
    private let lock = Mutex(())
    private let connection: Connection
    /// Two more connections for `readSideBySide`, opened on first use and kept (under their own
    /// lock), used only while `lock` is held.
    private let spares = Mutex<(Connection, Connection)?>(nil)

    /// Opens the store at `url`, creating it and its parent folders when absent, and brings its
    /// schema up to date. Fails when the store was written by a newer `wenjin`.
    package static func open(at url: URL) throws(StoreError) -> Store {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw StoreError(.cannotCreateFolder, path: url.path, message: folder.path, underlying: error)
        }
        return try Store(path: url.path, migrations: Schema.migrations)
    }

    /// Opens a store that must already exist (for commands that only read, such as `stats` and
    /// `build`), bringing its schema up to date. Fails with `.noStore` when there is no file.
    package static func openExisting(at url: URL) throws(StoreError) -> Store {
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StoreError(.noStore, path: url.path)
        }
        return try Store(path: url.path, migrations: Schema.migrations)
    }

    /// A private store that lives in memory and vanishes with the value; for tests.
    package static func inMemory() throws(StoreError) -> Store {
        try Store(path: ":memory:", migrations: Schema.migrations)
    }

    init(path: String, migrations: [Migration]) throws(StoreError) {
        let connection = try Connection(path: path)
        try connection.migrate(migrations)
        self.path = path
        self.connection = connection
    }

    /// Runs `body` in one read transaction, so everything it reads comes from one snapshot.
    @discardableResult
    /// Throws the store's `StoreError` or what `body` throws.
    package func read<T: Sendable>(_ body: (StoreReader) throws -> T) throws -> T {
        try lock.withLock { _ in
            try connection.transaction(immediate: false, { try body(StoreReader(connection: connection)) }, failing: { $0 })
        }
    }

    /// Runs `body` in one write transaction: all of its writes are committed together when it
    /// returns, and none of them when it throws.
    @discardableResult
    /// Throws the store's `StoreError` or what `body` throws.
    package func write<T: Sendable>(_ body: (StoreWriter) throws -> T) throws -> T {
        try lock.withLock { _ in
            try connection.transaction(immediate: true, { try body(StoreWriter(connection: connection)) }, failing: { $0 })
        }
    }

    /// Lends the store's connection under its lock (`readSideBySide`).
    func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
        try lock.withLock { _ in try body(connection) }
    }

    /// The spare connections, opened the first time (the schema is already the store's).
    func spareConnections() throws(StoreError) -> (Connection, Connection) {
        try spares.withLock { spares throws(StoreError) in
            if let spares { return spares }
            let opened = (try Connection(path: path), try Connection(path: path))
            spares = opened
            return opened
        }
    }

    /// How much the store holds, as `wenjin stats` prints it.
    package func counts() throws(StoreError) -> StoreCounts {
        try lock.withLock { _ throws(StoreError) in
            try connection.transaction(immediate: false) { () throws(StoreError) in try StoreReader(connection: connection).counts() }
        }
    }

    /// The migrations recorded in the store, oldest first.
    func appliedMigrations() throws(StoreError) -> [AppliedMigration] {
        try lock.withLock { _ throws(StoreError) in try connection.appliedMigrations() }
    }
}
