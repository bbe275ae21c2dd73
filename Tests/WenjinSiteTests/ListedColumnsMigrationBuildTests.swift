import Foundation
import Testing
import WenjinModel
@testable import WenjinSite
@testable import WenjinStore

/// A site whose store an earlier program wrote (the schema before migration 9's covering
/// indexes) is built on by this one: the store migrates when opened, and the rebuild, which now
/// reads the listed columns from the new indexes, still makes what a full build makes.
@Suite("A store from before the covering indexes")
struct ListedColumnsMigrationBuildTests {
    @Test("A store at schema version 8 migrates when opened, and its rebuilds equal full builds")
    func migratesAndBuilds() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        // The store as the previous program left it: migration 9 undone, as if never applied.
        try site.store.write { writer in
            try writer.connection.execute("""
                DROP INDEX answers_listed;
                DROP INDEX questions_listed;
                CREATE INDEX answers_by_question ON answers (question_id);
                DELETE FROM schema_migrations WHERE version = 9;
                """)
        }
        let reopened = try Store.open(at: URL(fileURLWithPath: site.store.path))
        #expect(try reopened.appliedMigrations().map(\.version).contains(9))
        let listed = try reopened.read { reader in
            try reader.connection.query("SELECT name FROM sqlite_master WHERE name IN ('answers_listed', 'questions_listed')") { $0.text(0) }
        }
        #expect(Set(listed) == ["answers_listed", "questions_listed"])

        try reopened.write { writer in
            var answer = try #require(try writer.reader.answer(1001))
            answer.contentHTML = "<p>迁移后改成九点了。</p>"
            answer.agreeCount += 3
            try writer.upsert(answer)
            var question = try #require(try writer.reader.question(101))
            question.detailHTML = "<p>迁移后补充：大一新生。</p>"
            try writer.upsert(question)
        }
        let rebuild = try SiteBuilder(config: site.config, store: reopened).build(into: site.output)
        #expect(rebuild.pagesUnchanged > 0)
        #expect(rebuild.bodiesRead == 2)
        let output = try site.outputFiles()
        #expect(String(decoding: output["questions/100.html"] ?? Data(), as: UTF8.self).contains("迁移后改成九点了"))
        let ledger = site.storeFolder.appendingPathComponent(BodyLedger.fileName)
        try FileManager.default.removeItem(at: ledger)
        let (full, files) = try site.buildAfresh(named: "full", store: reopened)
        #expect(full.pagesUnchanged == 0)
        #expect(FixtureSite.differing(files, output).isEmpty)
    }
}
