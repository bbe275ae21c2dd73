import Foundation

/// One step of the schema's history. The list in `Schema.migrations` is append-only: a
/// released step is never edited, a change is a new step, so every store can be brought up to
/// date from whatever version it has.
struct Migration: Sendable {
    let version: Int
    let name: String
    let sql: String
}

/// A migration recorded as applied in a store.
struct AppliedMigration: Sendable, Equatable {
    let version: Int
    let name: String
    let appliedAt: Date
}

extension Connection {
    /// Applies the migrations the store lacks, all in one transaction, and records each with the
    /// time it was applied. Returns the versions applied now (empty when the store was current).
    @discardableResult
    func migrate(_ migrations: [Migration], now: Date = Date()) throws(StoreError) -> [Int] {
        try transaction(immediate: true) { () throws(StoreError) in
            try execute("""
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    version INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    applied_at INTEGER NOT NULL
                )
                """)
            let applied = Set(try query("SELECT version FROM schema_migrations") { $0.int(0) })
            let codeVersion = migrations.last?.version ?? 0
            if let current = applied.max(), current > codeVersion {
                throw StoreError(.newerThanCode(storeVersion: current, codeVersion: codeVersion), path: path)
            }
            // Every step not yet recorded, not only those above the highest: steps written on
            // branches side by side can land in a store in any order of their versions.
            let missing = migrations.filter { !applied.contains($0.version) }
            for migration in missing {
                try execute(migration.sql)
                try run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                        migration.version, migration.name, now)
            }
            return missing.map(\.version)
        }
    }

    /// The migrations recorded in the store, oldest first.
    func appliedMigrations() throws(StoreError) -> [AppliedMigration] {
        try query("SELECT version, name, applied_at FROM schema_migrations ORDER BY version") {
            AppliedMigration(version: $0.int(0), name: $0.text(1), appliedAt: $0.date(2))
        }
    }
}
