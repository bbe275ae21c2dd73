import Foundation
import Testing
import WenjinModel
@testable import WenjinSite
@testable import WenjinStore

/// A rebuild reads from the store only the bodies of rows written since the last build (the
/// store's change counter, kept in the body ledger); whatever wrote the store, and whatever
/// state the ledger is in, it must make what a full build makes.
@Suite("Changed rows in a build")
struct ChangedRowsBuildTests {
    private func ledgerFile(_ folder: URL) -> URL { folder.appendingPathComponent(BodyLedger.fileName) }

    /// A full build of `store` into a new folder with no ledger to lean on (the ledger is put
    /// back afterwards, so the next rebuild uses the one the incremental build left).
    private func fullBuild(_ site: FixtureSite, store: Store? = nil, name: String) throws -> [String: Data] {
        let store = store ?? site.store
        let ledger = ledgerFile(URL(fileURLWithPath: store.path).deletingLastPathComponent())
        let saved = FileManager.default.contents(atPath: ledger.path)
        try? FileManager.default.removeItem(at: ledger)
        defer { if let saved { try? saved.write(to: ledger) } }
        let (summary, files) = try site.buildAfresh(named: name, store: store)
        #expect(summary.pagesUnchanged == 0)
        return files
    }

    @Test("A rebuild after one answer is edited reads that one body from the store, and equals a full build")
    func oneEditReadsOneBody() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let first = try site.build()
        #expect(first.bodiesRead == 4)
        try site.store.write { writer in
            var answer = try #require(try writer.reader.answer(1001))
            answer.contentHTML = "<p>改成九点了。</p>"
            try writer.upsert(answer)
        }
        let rebuild = try site.build()
        #expect(rebuild.bodiesRead == 1)
        #expect(rebuild.bodiesSanitized == 1)
        let unchanged = try site.build()
        #expect(unchanged.bodiesRead == 0 && unchanged.pagesWritten == 0)
        #expect(FixtureSite.differing(try fullBuild(site, name: "full"), try site.outputFiles()).isEmpty)
        #expect(String(decoding: try site.outputFiles()["questions/100.html"] ?? Data(), as: UTF8.self).contains("改成九点了"))
    }

    @Test("After an edit through each store writer, the rebuild equals a full build")
    func everyWriterKeepsRebuildsEqualToFull() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let edits: [(String, (StoreWriter) throws -> Void)] = [
            ("question", { writer in
                var question = try #require(try writer.reader.question(101))
                question.title = "C++、Java 还是 Swift？"
                question.detailHTML = "<p>补充：大一新生。</p>"
                try writer.upsert(question)
            }),
            ("question topics", { writer in
                var question = try #require(try writer.reader.question(100))
                question.topicIDs = [11]
                try writer.upsert(question)
            }),
            ("answer", { writer in
                var answer = try #require(try writer.reader.answer(1000))
                answer.contentHTML = "<p>见 <a href=\"http://wenjin.in/?/question/102\">另一个问题</a></p>"
                answer.agreeCount = 9
                try writer.upsert(answer)
            }),
            ("answer comment", { writer in
                try writer.upsert(AnswerComment(id: 5002, answerID: 1000, authorID: 2, text: "新评论",
                                                addTime: Date(timeIntervalSince1970: 1_430_500_000)))
            }),
            ("user", { writer in
                var user = try #require(try writer.reader.user(2))
                user.nickName = "小王"
                try writer.upsert(user)
            }),
            ("topic", { writer in
                var topic = try #require(try writer.reader.topic(10))
                topic.title = "北洋生活"
                try writer.upsert(topic)
            }),
            ("article", { writer in
                var article = try #require(try writer.reader.article(7))
                article.messageHTML = "<p>欢迎来到<b>卫津路</b>。</p>"
                try writer.upsert(article)
            }),
            ("article comment", { writer in
                try writer.upsert(ArticleComment(id: 71, articleID: 7, authorID: 1, message: "补充一句", 
                                                 addTime: Date(timeIntervalSince1970: 1_430_600_000)))
            }),
            ("asset", { writer in
                try writer.put(Asset(url: AssetURL(FixtureSite.source + "/uploads/answer/gone.png"), sha256: FixtureSite.imageSHA,
                                     contentType: "image/png", size: FixtureSite.image.count, state: .stored))
            }),
            ("meta", { writer in try writer.setMeta(.crawlFinishedAt, "2026-12-01T10:00:00Z") }),
            ("deletion", { writer in _ = try writer.markDeleted(.answer, id: 1001, at: Date()) }),
            ("shown author", { writer in try writer.record(ShownAuthor(post: .question(101), userID: nil), at: Date()) }),
        ]
        for (number, (name, edit)) in edits.enumerated() {
            try site.store.write { try edit($0) }
            let rebuild = try site.build()
            #expect(rebuild.pagesUnchanged > 0, "\(name): the rebuild was incremental")
            let expected = try fullBuild(site, name: "full-\(number)")
            #expect(FixtureSite.differing(expected, try site.outputFiles()).isEmpty, "after an edit of \(name)")
        }
    }

    @Test("A body taken down and then put back, its row unchanged, is read again from the store")
    func liftedTakedownReadsTheBodyAgain() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let takedowns = site.root.appendingPathComponent("takedowns.json")
        _ = try site.build()
        try Data(#"{"answers": [1001]}"#.utf8).write(to: takedowns)
        _ = try site.build()
        #expect(!String(decoding: try site.outputFiles()["questions/100.html"] ?? Data(), as: UTF8.self).contains("早上八点"))
        try FileManager.default.removeItem(at: takedowns)
        let lifted = try site.build()
        #expect(lifted.bodiesRead == 1)
        #expect(String(decoding: try site.outputFiles()["questions/100.html"] ?? Data(), as: UTF8.self).contains("早上八点"))
        #expect(FixtureSite.differing(try fullBuild(site, name: "full"), try site.outputFiles()).isEmpty)
    }

    @Test("A damaged ledger, or one of another store, makes the build read every body and say why")
    func untrustedLedgerFallsBackToAFullRead() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        try site.store.write { writer in
            var question = try #require(try writer.reader.question(100))
            question.detailHTML = "<p>周日也开吗？</p>"
            try writer.upsert(question)
        }
        try Data("not a ledger".utf8).write(to: ledgerFile(site.storeFolder))
        let notes = NoteKeepingProgress()
        let damaged = try SiteBuilder(config: site.config, store: site.store).build(into: site.output, progress: notes)
        #expect(damaged.bodiesRead == 4)
        #expect(notes.lines.withLock { $0 } == ["no readable state from an earlier build (body ledger, row digests): reading every row"])
        #expect(FixtureSite.differing(try fullBuild(site, name: "full"), try site.outputFiles()).isEmpty)

        var ledger = try #require(BodyLedger.load(from: site.storeFolder))
        let seen = try #require(ledger.seen)
        ledger.seen = StoreChanges(token: String(repeating: "0", count: 32), counter: seen.counter)
        ledger.save(in: site.storeFolder)
        let other = NoteKeepingProgress()
        let foreign = try SiteBuilder(config: site.config, store: site.store).build(into: site.output, progress: other)
        #expect(foreign.bodiesRead == 4)
        #expect(other.lines.withLock { $0 } == ["the build's state does not match the store's change counter: reading every row"])
        #expect(try site.build().bodiesRead == 0)
    }

    @Test("A build finding the ledger of a build older than its output (killed before saving it) reads what changed since")
    func olderLedgerAfterAKilledBuild() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        // The ledger is its file and the journal of changes appended since (`BodyLedgerJournal`).
        let journal = site.storeFolder.appendingPathComponent(BodyLedgerJournal.fileName)
        let older = (try Data(contentsOf: ledgerFile(site.storeFolder)), FileManager.default.contents(atPath: journal.path))
        try site.store.write { writer in
            var article = try #require(try writer.reader.article(7))
            article.messageHTML = "<p>欢迎，新同学。</p>"
            try writer.upsert(article)
        }
        _ = try site.build()
        try older.0.write(to: ledgerFile(site.storeFolder))
        try? FileManager.default.removeItem(at: journal)
        if let olderJournal = older.1 { try olderJournal.write(to: journal) }
        try site.store.write { writer in
            var answer = try #require(try writer.reader.answer(1000))
            answer.contentHTML = "<p>匿名回答：九点。</p>"
            try writer.upsert(answer)
        }
        let rebuild = try site.build()
        #expect(rebuild.bodiesRead == 2)
        #expect(FixtureSite.differing(try fullBuild(site, name: "full"), try site.outputFiles()).isEmpty)
    }

    @Test("A version-7 store, migrated, builds as a full build and then reads only the rows changed since")
    func migratedStore() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let folder = site.root.appendingPathComponent("seven")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(Store.fileName)
        do {
            // The fixture's archive copied through the writers into a store of version 7.
            let old = try Store(path: path.path, migrations: Schema.migrations.filter { $0.version <= 7 })
            let rows = try site.store.read { reader in
                (try reader.questions(), try reader.answersByQuestion(), try reader.commentsByAnswer(), try reader.users(),
                 try reader.topics(), try reader.articles(), try reader.commentsByArticle(), try reader.assets(),
                 try reader.meta(.sourceURL), try reader.meta(.crawlFinishedAt))
            }
            try old.write { writer in
                for question in rows.0 { try writer.upsert(question) }
                for answer in rows.1.values.joined() { try writer.upsert(answer) }
                for comment in rows.2.values.joined() { try writer.upsert(comment) }
                for user in rows.3 { try writer.upsert(user) }
                for topic in rows.4 { try writer.upsert(topic) }
                for article in rows.5 { try writer.upsert(article) }
                for comment in rows.6.values.joined() { try writer.upsert(comment) }
                for asset in rows.7 { try writer.put(asset) }
                try writer.setMeta(.sourceURL, rows.8)
                try writer.setMeta(.crawlFinishedAt, rows.9)
            }
        }
        let store = try Store.open(at: path)
        let output = site.root.appendingPathComponent("_migrated")
        let first = try SiteBuilder(config: site.config, store: store).build(into: output)
        #expect(first.bodiesRead == 4)
        #expect(FixtureSite.differing(try fullBuild(site, name: "full"), try FixtureSite.files(under: output)).isEmpty)
        try store.write { writer in
            var question = try #require(try writer.reader.question(100))
            question.detailHTML = "<p>节假日呢？</p>"
            try writer.upsert(question)
        }
        let rebuild = try SiteBuilder(config: site.config, store: store).build(into: output)
        #expect(rebuild.bodiesRead == 1)
        #expect(FixtureSite.differing(try fullBuild(site, store: store, name: "full-migrated"), try FixtureSite.files(under: output)).isEmpty)
    }
}
