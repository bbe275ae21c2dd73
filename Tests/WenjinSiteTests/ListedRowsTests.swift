import Foundation
import Testing
import WenjinModel
import WenjinSQLite
@testable import WenjinSite
@testable import WenjinStore

/// A rebuild reads the rows the last build kept (`ListedRows`, `.wenjin/rows.listed`) and from
/// the store only the rows written since (`WrittenRows`): together they must make exactly what
/// a read of the whole store makes — every model, every list in its order, the bodies of the
/// rows written since the build's counter and no others.
@Suite("Listed rows kept between builds")
struct ListedRowsTests {
    /// Rows of every table written at random over the fixture's: ties in every order (equal
    /// agree counts, times, discuss counts), missing times and counts, anonymous answers,
    /// answers and comments whose parents are not stored, assets in every state.
    private static func write(_ store: Store, round: String, seed: UInt64, ids: ClosedRange<Int>) throws {
        var numbers = SeededNumbers(seed: seed)
        func next(_ range: ClosedRange<Int>) -> Int { range.lowerBound + numbers.next(below: range.count) }
        let base = Date(timeIntervalSince1970: 1_450_000_000)
        func time(_ spread: Int) -> Date { base.addingTimeInterval(Double(next(0...spread)) * 60) }
        try store.write { writer in
            for id in ids {
                let shown = next(0...9) > 0
                try writer.upsert(Question(id: QuestionID(id), title: "问题 \(id) \(round)", detailHTML: "<p>描述 \(id) \(round)</p>",
                                           askerID: next(0...3) == 0 ? nil : UserID(next(1...6)), isAnonymous: next(0...4) == 0,
                                           addTime: time(3), updateTime: time(3), answerCount: next(0...3),
                                           topicIDs: (0..<next(0...2)).map { _ in TopicID(next(1...4)) },
                                           bestAnswerID: next(0...2) == 0 ? AnswerID(next(1...40)) : nil))
                // A tenth of the answers are under a question the store does not hold.
                let anonymous = next(0...4) == 0
                try writer.upsert(Answer(id: AnswerID(id * 10 + next(0...2)), questionID: QuestionID(shown ? next(ids) : 900 + id),
                                         authorID: anonymous ? nil : UserID(next(1...6)), isAnonymous: anonymous,
                                         contentHTML: "<p>回答 \(id) \(round)</p>", addTime: next(0...3) == 0 ? nil : time(2),
                                         agreeCount: next(-1...2), commentCount: next(0...3)))
                try writer.upsert(AnswerComment(id: AnswerCommentID(id * 10 + next(0...2)), answerID: AnswerID(id * 10 + next(0...2)),
                                                authorID: UserID(next(1...6)), text: "评论 \(round)", addTime: time(2),
                                                atUserID: next(0...2) == 0 ? UserID(next(1...6)) : nil))
                try writer.upsert(User(id: UserID(id % 7 + 1), userName: "用户\(id) \(round)", nickName: next(0...1) == 0 ? nil : "昵称",
                                       avatarFile: next(0...1) == 0 ? nil : "avatar/\(id).jpg", signature: nil,
                                       counts: .init(fans: next(0...9), agree: next(0...9))))
                try writer.upsert(Topic(id: TopicID(id % 5 + 1), title: "话题 \(id % 5) \(round)", description: "说明 \(round)",
                                        focusCount: next(0...9), discussCount: next(0...2) == 0 ? nil : next(0...2)))
                try writer.upsert(Article(id: ArticleID(id % 4 + 1), authorID: UserID(next(1...6)), title: "文章 \(round)",
                                          messageHTML: "<p>正文 \(id) \(round)</p>", addTime: time(1), votes: next(0...3),
                                          topicIDs: next(0...1) == 0 ? [] : [TopicID(next(1...4))]))
                try writer.upsert(ArticleComment(id: ArticleCommentID(id), articleID: ArticleID(next(1...6)), authorID: UserID(next(1...6)),
                                                 message: "文章评论 \(round)", addTime: time(1)))
                let state = Asset.State.allCases[next(0...2)]
                try writer.put(Asset(url: AssetURL("http://wenjin.example/img/\(id % 9).png"), sha256: state == .stored ? "ab\(id)" : nil,
                                     contentType: state == .stored ? "image/png" : nil, size: state == .stored ? id : nil, state: state,
                                     error: state == .failed ? "超时 \(round)" : nil))
            }
        }
    }

    /// Each table of `laid` (kept rows with the written ones laid over) as `whole` (the store read whole).
    private static func expectSame(_ laid: ArchiveContent, _ whole: ArchiveContent) {
        #expect(laid.questions == whole.questions)
        #expect(laid.answers == whole.answers)
        #expect(laid.answerComments == whole.answerComments)
        #expect(laid.users == whole.users)
        #expect(laid.topics == whole.topics)
        #expect(laid.articles == whole.articles)
        #expect(laid.articleComments == whole.articleComments)
        #expect(laid.assets == whole.assets)
        #expect(laid.counts == whole.counts)
        #expect(laid.storeChanges == whole.storeChanges && laid.sourceBase == whole.sourceBase)
        for table in StoreChanges.Table.allCases { #expect(laid.rowsRead.changedIDs(table) == whole.rowsRead.changedIDs(table)) }
    }

    @Test("Kept rows with the rows written since make what a read of the whole store makes", arguments: [1, 7, 2026] as [UInt64])
    func laidOverEqualsWholeRead(seed: UInt64) throws {
        let site = try FixtureSite()
        defer { site.remove() }
        try Self.write(site.store, round: "一", seed: seed, ids: 1...40)
        let first = try ArchiveContent.read(from: site.store, fallbackSource: nil, savingRowsIn: site.storeFolder)
        let seen = try #require(first.storeChanges)
        // Written since: rows changed and new, a question joining answers that waited for it.
        try Self.write(site.store, round: "二", seed: seed &+ 1, ids: 30...50)
        try site.store.write { writer in
            try writer.upsert(Question(id: QuestionID(931), title: "等来的问题", addTime: Date(timeIntervalSince1970: 1_450_000_000),
                                       updateTime: Date(timeIntervalSince1970: 1_450_000_000)))
        }
        let kept = try #require(ListedRows.load(from: site.storeFolder))
        #expect(kept.seen == seen)
        let laid = try #require(try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen, laidOver: kept,
                                                        savingRowsIn: nil), "the kept rows serve")
        let whole = try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen)
        Self.expectSame(laid, whole)
        #expect(laid.answers.values.joined().contains { !$0.contentHTML.isEmpty } && laid.questions.contains { $0.detailHTML.isEmpty },
                "bodies of the rows written since only")
        // The read through `read(keptRows:)` is the same.
        Self.expectSame(try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen, keptRows: kept), whole)
        // The digests each part makes as it decodes are those of the whole read's rows: over the
        // digests of the first read (kept where a row is unchanged), and with none.
        for previous in [RowDigests(content: first, previous: nil), nil] as [RowDigests?] {
            let digested = try #require(try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen,
                                                                laidOver: kept, digestingRows: true, previousRows: previous,
                                                                savingRowsIn: nil))
            let expected = RowDigests(content: whole, previous: previous)
            #expect(digested.rowDigests?.encoded() == expected.encoded())
            #expect(digested.rowDigests?.changed == expected.changed)
        }
    }

    @Test("Kept rows older than the build's counter serve: rows written before it come without their bodies")
    func olderKeptRowsServe() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        try Self.write(site.store, round: "一", seed: 3, ids: 1...30)
        _ = try ArchiveContent.read(from: site.store, fallbackSource: nil, savingRowsIn: site.storeFolder)
        try Self.write(site.store, round: "二", seed: 4, ids: 10...20)
        let seen = try #require(try site.store.read { try $0.changes() })
        try Self.write(site.store, round: "三", seed: 5, ids: 15...25)
        let kept = try #require(ListedRows.load(from: site.storeFolder))
        #expect(kept.seen.counter < seen.counter)
        let laid = try #require(try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen, laidOver: kept,
                                                        savingRowsIn: nil))
        Self.expectSame(laid, try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen))
    }

    @Test("Kept rows newer than the build's counter serve: rows written since that counter are read with their bodies")
    func newerKeptRowsServe() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        try Self.write(site.store, round: "一", seed: 13, ids: 1...30)
        let seen = try #require(try site.store.read { try $0.changes() })
        try Self.write(site.store, round: "二", seed: 14, ids: 10...20)
        // The ledger is saved only when a body changed: a build may start from before the kept rows.
        _ = try ArchiveContent.read(from: site.store, fallbackSource: nil, savingRowsIn: site.storeFolder)
        try Self.write(site.store, round: "三", seed: 15, ids: 18...25)
        let kept = try #require(ListedRows.load(from: site.storeFolder))
        #expect(kept.seen.counter > seen.counter)
        let laid = try #require(try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen, laidOver: kept,
                                                        savingRowsIn: nil))
        let whole = try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen)
        Self.expectSame(laid, whole)
        #expect(laid.questions.filter { !$0.detailHTML.isEmpty }.count == whole.rowsRead.changedIDs(.questions)?.count)
    }

    @Test("Damaged kept rows, a row deleted behind the build's back, rows past the store's counter, or another store's: the store is read whole")
    func unusableKeptRowsAreNotUsed() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        try Self.write(site.store, round: "一", seed: 11, ids: 1...30)
        let seen = try #require(try ArchiveContent.read(from: site.store, fallbackSource: nil, savingRowsIn: site.storeFolder).storeChanges)
        let file = site.storeFolder.appendingPathComponent(ListedRows.fileName)
        let sound = try Data(contentsOf: file)

        // A byte changed in each section in turn (the head checks apart, at loading).
        for place in [sound.count / 4, sound.count / 2, sound.count * 9 / 10] {
            var damaged = sound
            damaged[place] ^= 0x20
            try damaged.write(to: file)
            if let kept = ListedRows.load(from: site.storeFolder) {
                #expect(try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen, laidOver: kept,
                                                savingRowsIn: nil) == nil, "damage at \(place) of \(sound.count)")
            }
        }
        try sound.write(to: file)
        let kept = try #require(ListedRows.load(from: site.storeFolder))

        // Rows are never deleted; a row deleted by hand leaves the kept rows more than the store's.
        try site.store.write { writer in try writer.connection.run("DELETE FROM answer_comments WHERE id = (SELECT min(id) FROM answer_comments)") }
        #expect(try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen, laidOver: kept,
                                        savingRowsIn: nil) == nil)
        Self.expectSame(try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen, keptRows: kept),
                        try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen))

        // A copy of the store from before the kept rows were read, put back: its counter is behind them.
        let copy = site.root.appendingPathComponent("earlier.sqlite")
        let connection = try SQLiteConnection(path: site.storeFolder.appendingPathComponent(Store.fileName).path, access: .readOnly,
                                              busyTimeoutMilliseconds: 1_000)
        try connection.execute("VACUUM INTO '\(copy.path)'")
        try connection.close()
        // Rows edited, none added: the counts alone would not tell.
        try site.store.write { writer in
            for id in 5...9 {
                var question = try #require(try writer.reader.question(QuestionID(id)))
                question.title += "（改）"
                try writer.upsert(question)
            }
        }
        let ahead = try #require(try ArchiveContent.read(from: site.store, fallbackSource: nil, savingRowsIn: site.storeFolder).storeChanges)
        let putBack = try Store.open(at: copy)
        let keptAhead = try #require(ListedRows.load(from: site.storeFolder))
        #expect(keptAhead.seen == ahead)
        #expect(try ArchiveContent.read(from: putBack, fallbackSource: nil, bodiesUnchangedSince: seen, laidOver: keptAhead,
                                        savingRowsIn: nil) == nil)
        let otherStore = StoreChanges(token: "another", counter: seen.counter)
        #expect(try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: otherStore, laidOver: kept,
                                        savingRowsIn: nil) == nil)
    }

    @Test("The kept rows are made again once the rows written since outnumber a share of them, and not before")
    func keptRowsAreRenewedWhenFarBehind() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        try Self.write(site.store, round: "一", seed: 21, ids: 1...20)
        let seen = try #require(try ArchiveContent.read(from: site.store, fallbackSource: nil, savingRowsIn: site.storeFolder).storeChanges)
        try Self.write(site.store, round: "二", seed: 22, ids: 5...6)
        let kept = try #require(ListedRows.load(from: site.storeFolder))
        let now = try #require(try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen, keptRows: kept,
                                                       savingRowsIn: site.storeFolder).storeChanges)
        #expect(try #require(ListedRows.load(from: site.storeFolder)).seen == seen, "a few rows written: the file stays")

        // Past 4,096 rows written, the file is made again at the read's counter.
        try site.store.write { writer in
            for id in 1...4_100 {
                try writer.upsert(AnswerComment(id: AnswerCommentID(100_000 + id), answerID: AnswerID(10), authorID: UserID(1),
                                                text: "第\(id)条", addTime: Date(timeIntervalSince1970: 1_450_000_000 + Double(id))))
            }
        }
        let later = try #require(try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: now,
                                                         keptRows: ListedRows.load(from: site.storeFolder),
                                                         savingRowsIn: site.storeFolder).storeChanges)
        let renewed = try #require(ListedRows.load(from: site.storeFolder))
        #expect(renewed.seen == later)
        Self.expectSame(try #require(try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: later,
                                                             laidOver: renewed, savingRowsIn: nil)),
                        try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: later))
    }
}
