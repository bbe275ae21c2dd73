import Foundation
import Testing
@testable import WenjinStore

@Suite struct MigrationTests {
    @Test func openingAnEmptyFolderCreatesTheStoreWithEveryTable() throws {
        let folder = try TemporaryFolder()
        let store = try Store.open(at: folder.storeURL)
        #expect(FileManager.default.fileExists(atPath: folder.storeURL.path))

        let tables = try store.read { reader in
            try reader.connection.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") { $0.text(0) }
        }
        let expected = ["answer_comments", "answers", "article_comments", "article_topics", "articles", "assets",
                        "crawl_queue", "deletions", "meta", "question_topics", "questions", "raw_responses", "revisions",
                        "sanitized_cache", "schema_migrations", "shown_authors", "store_changes", "topics", "users", "verifications"]
        #expect(tables == expected)
        #expect(try store.appliedMigrations().map(\.version) == Schema.migrations.map(\.version))
    }

    @Test func theStoreIsInWriteAheadLogMode() throws {
        let folder = try TemporaryFolder()
        let store = try Store.open(at: folder.storeURL)
        let mode = try store.read { try $0.connection.queryFirst("PRAGMA journal_mode") { $0.text(0) } }
        #expect(mode == "wal")
    }

    @Test func reopeningAStoreAppliesNoMigrationAndKeepsItsData() throws {
        let folder = try TemporaryFolder()
        let first = try Store.open(at: folder.storeURL)
        try first.write { try $0.upsert(Fixtures.question) }
        let applied = try first.appliedMigrations()

        let second = try Store.open(at: folder.storeURL)
        #expect(try second.appliedMigrations() == applied)
        #expect(try second.read { try $0.question(Fixtures.question.id) } == Fixtures.question)
    }

    @Test func aStoreNewerThanTheCodeIsRefusedWithBothVersions() throws {
        let folder = try TemporaryFolder()
        let future = Migration(version: Schema.codeVersion + 1, name: "from the future",
                               sql: "CREATE TABLE future (x INTEGER)")
        try FileManager.default.createDirectory(at: folder.storeURL.deletingLastPathComponent(),
                                                withIntermediateDirectories: true)
        _ = try Store(path: folder.storeURL.path, migrations: Schema.migrations + [future])

        let error = #expect(throws: StoreError.self) { try Store.open(at: folder.storeURL) }
        #expect(error?.reason == .newerThanCode(storeVersion: future.version, codeVersion: Schema.codeVersion))
        #expect(error?.description.contains("newer wenjin") == true)
    }

    @Test func aFailingMigrationLeavesTheStoreAsItWas() throws {
        let folder = try TemporaryFolder()
        _ = try Store.open(at: folder.storeURL)
        let broken = [
            Migration(version: Schema.codeVersion + 1, name: "good step", sql: "CREATE TABLE extra (x INTEGER)"),
            Migration(version: Schema.codeVersion + 2, name: "bad step", sql: "CREATE TABLE questions (x INTEGER)"),
        ]
        let error = #expect(throws: StoreError.self) {
            try Store(path: folder.storeURL.path, migrations: Schema.migrations + broken)
        }
        #expect(error?.message?.contains("already exists") == true)

        let store = try Store.open(at: folder.storeURL)
        #expect(try store.appliedMigrations().map(\.version) == Schema.migrations.map(\.version))
        let extra = try store.read {
            try $0.connection.queryFirst("SELECT count(*) FROM sqlite_master WHERE name = 'extra'") { $0.int(0) }
        }
        #expect(extra == 0)
    }

    @Test func aStepMissingBelowTheNewestRecordedOneIsStillApplied() throws {
        let folder = try TemporaryFolder()
        let later = Migration(version: Schema.codeVersion + 2, name: "later step", sql: "CREATE TABLE later (x INTEGER)")
        let between = Migration(version: Schema.codeVersion + 1, name: "step from another branch",
                                sql: "CREATE TABLE between_steps (x INTEGER)")
        try FileManager.default.createDirectory(at: folder.storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try Store(path: folder.storeURL.path, migrations: Schema.migrations + [later])

        let store = try Store(path: folder.storeURL.path, migrations: Schema.migrations + [between, later])
        #expect(try store.appliedMigrations().map(\.version).sorted() == (Schema.migrations + [between, later]).map(\.version))
        let tables = try store.read {
            try $0.connection.queryFirst("SELECT count(*) FROM sqlite_master WHERE name = 'between_steps'") { $0.int(0) }
        }
        #expect(tables == 1)
    }

    @Test func openingAnExistingStoreWhereThereIsNoneFailsAndCreatesNothing() throws {
        let folder = try TemporaryFolder()
        let error = #expect(throws: StoreError.self) { try Store.openExisting(at: folder.storeURL) }
        #expect(error?.reason == .noStore)
        #expect(error?.description.contains("wenjin crawl") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.storeURL.deletingLastPathComponent().path))

        try Store.open(at: folder.storeURL).write { try $0.upsert(Fixtures.topic) }
        #expect(try Store.openExisting(at: folder.storeURL).counts().topics == 1)
    }

    @Test func aStoreThatCannotBeCreatedNamesItsFolder() throws {
        let folder = try TemporaryFolder()
        let blocker = folder.url.appendingPathComponent("file")
        try Data("not a folder".utf8).write(to: blocker)
        let error = #expect(throws: StoreError.self) {
            try Store.open(at: blocker.appendingPathComponent("sub/cache.sqlite"))
        }
        #expect(error?.reason == .cannotCreateFolder)
        #expect(error?.description.contains(blocker.path) == true)
    }
}
