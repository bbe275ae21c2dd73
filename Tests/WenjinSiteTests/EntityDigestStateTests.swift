import Foundation
import Testing
import WenjinModel
@testable import WenjinSite
@testable import WenjinStore

/// The entities' digests kept in `.wenjin/entities.digests` are brought up to date from the rows
/// written since the last build; so brought, they must be what digesting every entity gives, and
/// a file that cannot be trusted (or that withdrawals changed under) must make the build digest
/// every entity, say so once, and equal a full build.
@Suite("Entity digests state")
struct EntityDigestStateTests {
    private func stateFile(_ site: FixtureSite) -> URL { site.storeFolder.appendingPathComponent(EntityDigestState.fileName) }

    private func tables(_ entities: EntityDigests) -> [[UInt64]] {
        [entities.questions.words, entities.answers.words, entities.users.words, entities.topics.words, entities.articles.words]
    }

    /// Every entity of the store digested afresh, as a full build does.
    private func afresh(_ site: FixtureSite) throws -> EntityDigests {
        var content = try ArchiveContent.readPublished(from: site.store, config: site.config, digestingRows: true)
        let rows = content.rowDigests
        content.dropRawBodies()
        return EntityDigests(archive: ArchiveLookup(content), rows: rows)
    }

    @Test("After edits of a question, an answer, a comment moved to another answer, a user and an asset, the digests a rebuild saves equal every entity digested afresh")
    func patchedEqualsAfresh() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        try site.store.write { writer in
            var question = try #require(try writer.reader.question(101))
            question.title = "C++、Java 还是 Swift？"
            try writer.upsert(question)
            var answer = try #require(try writer.reader.answer(1000))
            answer.agreeCount = 12
            try writer.upsert(answer)
            var comment = try #require(try writer.reader.comments(of: AnswerID(1001)).first)
            comment.answerID = 1000
            try writer.upsert(comment)
            var user = try #require(try writer.reader.user(2))
            user.nickName = "小王"
            try writer.upsert(user)
            try writer.put(Asset(url: AssetURL(FixtureSite.source + "/uploads/topic/pic.png"), state: .missing))
        }
        let notes = NoteKeepingProgress()
        let rebuild = try SiteBuilder(config: site.config, store: site.store).build(into: site.output, progress: notes)
        #expect(notes.lines.withLock { $0 }.isEmpty)
        #expect(rebuild.pagesUnchanged > 0)
        let saved = try #require(EntityDigestState.load(from: site.storeFolder))
        #expect(tables(saved.entities) == tables(try afresh(site)))
        let (_, full) = try site.buildAfresh(named: "full")
        #expect(FixtureSite.differing(full, try site.outputFiles()).isEmpty)
    }

    @Test("A rebuild after one question changed appends the digests it made again to the journal, leaves the state file as it was, and reads back as every entity digested afresh")
    func rebuildAppendsToTheJournal() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let journal = site.storeFolder.appendingPathComponent(EntityDigestJournal.fileName)
        let written = try Data(contentsOf: stateFile(site))
        for number in 1...2 {
            try site.store.write { writer in
                var question = try #require(try writer.reader.question(101))
                question.title = "C++、Java 还是 Swift？（\(number)）"
                try writer.upsert(question)
            }
            let notes = NoteKeepingProgress()
            _ = try SiteBuilder(config: site.config, store: site.store).build(into: site.output, progress: notes)
            #expect(notes.lines.withLock { $0 }.isEmpty)
            #expect(try Data(contentsOf: stateFile(site)) == written, "rebuild \(number): the state file is not written again")
            let saved = try #require(EntityDigestState.load(from: site.storeFolder))
            #expect(saved.files?.journalBytes ?? 0 > 0 && saved.files?.journalIntact == true, "rebuild \(number)")
            #expect(tables(saved.entities) == tables(try afresh(site)), "rebuild \(number)")
        }
        let (_, full) = try site.buildAfresh(named: "full")
        #expect(FixtureSite.differing(full, try site.outputFiles()).isEmpty)

        // A torn last block leaves the state of the block before: the next build brings that up to
        // date from the rows it reads (here from the body ledger's older counter: a title changes no
        // body) and writes the state whole, the torn journal gone.
        let bytes = try Data(contentsOf: journal)
        try bytes.dropLast(5).write(to: journal)
        try site.store.write { writer in
            var question = try #require(try writer.reader.question(100))
            question.title = "图书馆几点关门？（改）"
            try writer.upsert(question)
        }
        let notes = NoteKeepingProgress()
        _ = try SiteBuilder(config: site.config, store: site.store).build(into: site.output, progress: notes)
        #expect(notes.lines.withLock { $0 }.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: journal.path))
        #expect(try Data(contentsOf: stateFile(site)) != written)
        let saved = try #require(EntityDigestState.load(from: site.storeFolder))
        #expect(tables(saved.entities) == tables(try afresh(site)))
        let (_, again) = try site.buildAfresh(named: "full-again")
        #expect(FixtureSite.differing(again, try site.outputFiles()).isEmpty)
    }

    @Test("An entity digests file damaged, cut short, missing or of another store makes the build digest every entity, say so once, and equal a full build")
    func untrustedFileFallsBackToEveryEntity() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let other = try FixtureSite()
        defer { other.remove() }
        _ = try other.build()
        let unreadable = "no readable entity digests from an earlier build: digesting every entity"
        let foreign = "the entity digests of the last build do not fit this store or program: digesting every entity"
        let damages = StateFileDamage.all.map { ($0.name, unreadable, $0.damage) } + [
            ("of another store", foreign, { file in
                try FileManager.default.removeItem(at: file)
                try FileManager.default.copyItem(at: stateFile(other), to: file)
            }),
        ]
        for (number, (name, note, damage)) in damages.enumerated() {
            try site.store.write { writer in
                var question = try #require(try writer.reader.question(100))
                question.title = "图书馆几点关门？（\(number)）"
                try writer.upsert(question)
                var user = try #require(try writer.reader.user(1))
                user.signature = "签名 \(number)"
                try writer.upsert(user)
            }
            try damage(stateFile(site))
            let notes = NoteKeepingProgress()
            let rebuild = try SiteBuilder(config: site.config, store: site.store).build(into: site.output, progress: notes)
            #expect(notes.lines.withLock { $0 } == [note], "\(name)")
            #expect(rebuild.pagesUnchanged > 0, "\(name): the pages' record still served")
            let (_, full) = try site.buildAfresh(named: "full-\(number)")
            #expect(FixtureSite.differing(full, try site.outputFiles()).isEmpty, "\(name): equal to a full build")
            let saved = try #require(EntityDigestState.load(from: site.storeFolder), "\(name): written again")
            #expect(tables(saved.entities) == tables(try afresh(site)), "\(name)")
        }
    }

    @Test("A takedown added and lifted, which changes no row, makes the build digest every entity without a note, and equal a full build")
    func takedownsDigestEveryEntity() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let steps = [#"{"answers": [1000]}"#, #"{"answers": [1000], "answerComments": [5000]}"#, #"{"anonymizeUsers": [2]}"#, "{}"]
        for (number, takedowns) in steps.enumerated() {
            try Data(takedowns.utf8).write(to: site.root.appendingPathComponent("takedowns.json"))
            let notes = NoteKeepingProgress()
            _ = try SiteBuilder(config: site.config, store: site.store).build(into: site.output, progress: notes)
            #expect(notes.lines.withLock { $0 }.isEmpty, "\(takedowns): a takedown is no fault")
            let (_, full) = try site.buildAfresh(named: "full-\(number)")
            #expect(FixtureSite.differing(full, try site.outputFiles()).isEmpty, "\(takedowns): equal to a full build")
            let saved = try #require(EntityDigestState.load(from: site.storeFolder))
            #expect(tables(saved.entities) == tables(try afresh(site)), "\(takedowns)")
        }
    }

    @Test("A hidden member's avatar changed to the picture a shown member has takes that member's avatar off every page, as a full build does")
    func hiddenMembersAvatarReachesSharers() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        try Data(#"{"anonymizeUsers": [2]}"#.utf8).write(to: site.root.appendingPathComponent("takedowns.json"))
        _ = try site.build()
        // Only the hidden member's row is written; withdrawing drops the picture with their
        // profile, so user 1, whose row did not change, shows no avatar any more.
        try site.store.write { writer in
            var hidden = try #require(try writer.reader.user(2))
            hidden.avatarFile = "000/00/00/01_avatar_max.jpg"
            try writer.upsert(hidden)
        }
        _ = try SiteBuilder(config: site.config, store: site.store).build(into: site.output)
        let saved = try #require(EntityDigestState.load(from: site.storeFolder))
        #expect(tables(saved.entities) == tables(try afresh(site)))
        let (_, full) = try site.buildAfresh(named: "full")
        #expect(FixtureSite.differing(full, try site.outputFiles()).isEmpty)
    }
}
