import Foundation
import Testing
import WenjinModel
@testable import WenjinSite
@testable import WenjinStore

/// The row digests kept in `.wenjin/rows.digests` are patched from the rows written since the
/// last build; patched, they must be what digesting the whole store gives, and a file that
/// cannot be trusted must make the build read every row, say so once, and equal a full build.
@Suite("Row digests state")
struct RowDigestsStateTests {
    private func digestsFile(_ site: FixtureSite) -> URL { site.storeFolder.appendingPathComponent(RowDigests.fileName) }

    /// Every table's words, for comparing two sets of digests.
    private func tables(_ rows: RowDigests) -> [[UInt64]] {
        [rows.questions.words, rows.answers.words, rows.answerComments.words, rows.users.words, rows.topics.words,
         rows.articles.words, rows.articleComments.words]
    }

    @Test("After edits of a question, an answer, a new comment and a user, the digests a rebuild saves equal those of the whole store digested afresh")
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
            try writer.upsert(AnswerComment(id: 5003, answerID: 1001, authorID: 2, text: "谢谢",
                                            addTime: Date(timeIntervalSince1970: 1_430_500_000)))
            var user = try #require(try writer.reader.user(2))
            user.nickName = "小王"
            try writer.upsert(user)
        }
        let notes = NoteKeepingProgress()
        let rebuild = try SiteBuilder(config: site.config, store: site.store).build(into: site.output, progress: notes)
        // The patch ran: no full read (which reads all 4 bodies and says so).
        #expect(notes.lines.withLock { $0 }.isEmpty)
        #expect(rebuild.bodiesRead < 4)
        #expect(rebuild.pagesUnchanged > 0)
        let saved = try #require(RowDigests.load(from: site.storeFolder))
        let afresh = RowDigests(content: try ArchiveContent.read(from: site.store, fallbackSource: nil), previous: nil)
        #expect(saved.seen == afresh.seen)
        #expect(tables(saved) == tables(afresh))
        #expect(saved.answerComments[AnswerCommentID(5003)] != nil)
    }

    @Test("A row digests file damaged, cut short or missing makes the build read every row, say so once, and equal a full build")
    func untrustedFileFallsBackToAFullRead() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        for (number, (name, damage)) in StateFileDamage.all.enumerated() {
            try site.store.write { writer in
                var question = try #require(try writer.reader.question(100))
                question.title = "图书馆几点关门？（\(number)）"
                try writer.upsert(question)
            }
            try damage(digestsFile(site))
            let notes = NoteKeepingProgress()
            let rebuild = try SiteBuilder(config: site.config, store: site.store).build(into: site.output, progress: notes)
            #expect(rebuild.bodiesRead == 4, "\(name): every body read")
            #expect(notes.lines.withLock { $0 } == ["no readable state from an earlier build (body ledger, row digests): reading every row"],
                    "\(name)")
            let (_, full) = try site.buildAfresh(named: "full-\(number)")
            #expect(FixtureSite.differing(full, try site.outputFiles()).isEmpty, "\(name): equal to a full build")
            #expect(RowDigests.load(from: site.storeFolder) != nil, "\(name): written again")
        }
    }
    @Test("A row the archive no longer shows leaves the digests, which then count as changed and equal those of the archive digested afresh")
    func rowGoneIsNoticed() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let seen = try site.store.read { try $0.changes() }
        let before = try ArchiveContent.read(from: site.store, fallbackSource: nil)
        let kept = RowDigests(content: before, previous: nil)
        #expect(kept.answers[AnswerID(1000)] != nil && kept.questions[QuestionID(102)] != nil)
        // Read again at the same counter (nothing written), then an answer and a question gone
        // from what the store shows (as a row removed by hand would be).
        var now = try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen)
        now.answers[QuestionID(100)]?.removeAll { $0.id == AnswerID(1000) }
        now.questions.removeAll { $0.id == QuestionID(102) }
        now.answers[QuestionID(102)] = nil
        let patched = RowDigests(content: now, previous: kept)
        #expect(patched.answers[AnswerID(1000)] == nil)
        #expect(patched.questions[QuestionID(102)] == nil)
        #expect(patched.changed, "saved again")
        #expect(tables(patched) == tables(RowDigests(content: now, previous: nil)))
        // Nothing gone: the kept digests as they were, not saved again.
        let same = RowDigests(content: try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen),
                              previous: kept)
        #expect(!same.changed)
        #expect(tables(same) == tables(kept))
    }
}
