import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

/// Every write of an entity row takes the next number of the store's change counter, so a build
/// can read only the rows written since the last one (migration 8).
@Suite("Store changes")
struct StoreChangesTests {
    /// What `changedRows` reports after `counter`, for every table that has a counter.
    private func changed(_ store: Store, after counter: Int) throws -> [StoreChanges.Table: Set<Int>] {
        try store.read { reader in
            var result: [StoreChanges.Table: Set<Int>] = [:]
            for table in StoreChanges.Table.allCases {
                let rows = try reader.changedRows(of: table, after: counter)
                if !rows.isEmpty { result[table] = Set(rows.keys) }
            }
            return result
        }
    }

    private func counter(_ store: Store) throws -> Int {
        try #require(try store.read { try $0.changes() }).counter
    }

    @Test("An insert or update through each writer marks exactly its row as changed, and the counter moves on")
    func everyWriterMarksItsRow() throws {
        let store = try Store.inMemory()
        let start = try counter(store)
        try store.write { writer in
            try writer.upsert(Fixtures.user)
            try writer.upsert(Fixtures.topic)
            try writer.upsert(Fixtures.question)
            try writer.upsert(Fixtures.answer)
            try writer.upsert(Fixtures.comment)
            try writer.upsert(Fixtures.article)
            try writer.upsert(Fixtures.articleComment)
            try writer.put(Fixtures.asset)
        }
        let inserted = try changed(store, after: start)
        #expect(inserted == [.users: [1024], .topics: [57], .questions: [3521], .answers: [10873], .answerComments: [774],
                             .articles: [96], .articleComments: [305], .assets: [1]])

        let afterInserts = try counter(store)
        #expect(afterInserts > start)
        var user = Fixtures.user
        user.signature = "新的签名"
        var comment = Fixtures.comment
        comment.text = "改过的评论"
        var articleComment = Fixtures.articleComment
        articleComment.votes += 1
        try store.write { writer in
            try writer.upsert(user)
            try writer.upsert(comment)
            try writer.upsert(articleComment)
            try writer.put(Asset(url: Fixtures.asset.url, state: .missing))
        }
        #expect(try changed(store, after: afterInserts) == [.users: [1024], .answerComments: [774], .articleComments: [305],
                                                             .assets: [1]])
    }

    @Test("An upsert of an identical entity changes nothing, and a new topic list marks its post")
    func unchangedWritesAndTopicLists() throws {
        let store = try Store.inMemory()
        try store.write { writer in
            try writer.upsert(Fixtures.question)
            try writer.upsert(Fixtures.article)
        }
        let before = try counter(store)
        try store.write { writer in
            try writer.upsert(Fixtures.question)
            try writer.upsert(Fixtures.article)
        }
        #expect(try changed(store, after: before).isEmpty)
        #expect(try counter(store) == before)

        var article = Fixtures.article
        article.topicIDs = [3, 57]
        try store.write { try $0.upsert(article) }
        #expect(try changed(store, after: before) == [.articles: [96]])
        let rows = try store.read { try $0.changedRows(of: .articles, after: before) }
        #expect(rows[96] == (try counter(store)))
    }

    @Test("A version-7 store migrates with every row changed once, and its later writes count from there")
    func migrationFromVersionSeven() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.storeURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        let versionSeven = Schema.migrations.filter { $0.version <= 7 }
        let old = try Store(path: folder.storeURL.path, migrations: versionSeven)
        try old.write { writer in
            try writer.upsert(Fixtures.question)
            try writer.upsert(Fixtures.answer)
        }
        #expect(throws: StoreError.self) { try old.read { try $0.changes() } }

        let store = try Store.open(at: folder.storeURL)
        let changes = try #require(try store.read { try $0.changes() })
        #expect(changes.counter == 1)
        #expect(changes.token.count == 32)
        #expect(try changed(store, after: 0) == [.questions: [3521], .answers: [10873]])
        #expect(try changed(store, after: 1).isEmpty)
        var answer = Fixtures.answer
        answer.contentHTML = "改过的回答"
        try store.write { try $0.upsert(answer) }
        #expect(try changed(store, after: 1) == [.answers: [10873]])
    }

    @Test("Two stores have different tokens, so one's counter is never taken for the other's")
    func tokensDiffer() throws {
        let first = try #require(try Store.inMemory().read { try $0.changes() })
        let second = try #require(try Store.inMemory().read { try $0.changes() })
        #expect(first.token != second.token)
    }

    @Test("A list read brings only the bodies of rows changed after the counter it is given")
    func listReadsLeaveOutUnchangedBodies() throws {
        let store = try Store.inMemory()
        try store.write { writer in
            try writer.upsert(Fixtures.question)
            try writer.upsert(Fixtures.answer)
            try writer.upsert(Fixtures.anonymousAnswer)
            try writer.upsert(Fixtures.article)
        }
        let seen = try counter(store)
        var answer = Fixtures.answer
        answer.contentHTML = "新的回答"
        try store.write { try $0.upsert(answer) }
        let (questions, answers, articles, body) = try store.read { reader in
            (try reader.questions(bodiesChangedAfter: seen), try reader.answersByQuestion(bodiesChangedAfter: seen),
             try reader.articles(bodiesChangedAfter: seen), try reader.body(.question(Fixtures.question.id)))
        }
        #expect(questions.map(\.detailHTML) == [""])
        #expect(questions.first?.title == Fixtures.question.title)
        #expect(answers[Fixtures.question.id]?.map(\.contentHTML).sorted() == ["", "新的回答"])
        #expect(articles.map(\.messageHTML) == [""])
        #expect(body == Fixtures.question.detailHTML)
        #expect(try store.read { try $0.questions() }.map(\.detailHTML) == [Fixtures.question.detailHTML])
    }
}
