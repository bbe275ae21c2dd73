import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

@Suite struct RevisionTests {
    let store: Store

    init() throws { store = try Store.inMemory() }

    @Test func anEditedQuestionKeepsItsOldVersionInTheSameWrite() throws {
        try store.write { try $0.upsert(Fixtures.question) }
        var edited = Fixtures.question
        edited.detailHTML += "<br />\n补充：寒假呢？"
        let outcome = try store.write { try $0.upsert(edited) }

        #expect(outcome == .revised)
        let (current, revisions) = try store.read { (try $0.question(3521), try $0.revisions(of: .question, id: 3521)) }
        #expect(current == edited)
        #expect(revisions.count == 1)
        #expect(try revisions.first?.oldContent(as: Question.self) == Fixtures.question)
        #expect(revisions.first?.oldContentJSON.contains("想知道33楼") == true)
    }

    @Test func anUnchangedUpsertWritesNothing() throws {
        try store.write { writer in
            try writer.upsert(Fixtures.question)
            try writer.upsert(Fixtures.answer)
            try writer.upsert(Fixtures.comment)
            try writer.upsert(Fixtures.article)
            try writer.upsert(Fixtures.articleComment)
            try writer.upsert(Fixtures.user)
            try writer.upsert(Fixtures.topic)
        }
        let outcomes = try store.write { writer in
            [try writer.upsert(Fixtures.question), try writer.upsert(Fixtures.answer),
             try writer.upsert(Fixtures.comment), try writer.upsert(Fixtures.article),
             try writer.upsert(Fixtures.articleComment), try writer.upsert(Fixtures.user),
             try writer.upsert(Fixtures.topic)]
        }
        #expect(outcomes == Array(repeating: .unchanged, count: 7))
        #expect(try store.read { try $0.revisionCount() } == 0)
        // Nothing was written at all: SQLite counts no changed rows for the whole transaction.
        let changed = try store.write { writer in
            let before = try writer.connection.queryFirst("SELECT total_changes()") { $0.int(0) }
            try writer.upsert(Fixtures.question)
            let after = try writer.connection.queryFirst("SELECT total_changes()") { $0.int(0) }
            return (before ?? 0, after ?? 0)
        }
        #expect(changed.0 == changed.1)
    }

    @Test func aChangedCounterUpdatesTheRowWithoutARevision() throws {
        try store.write { try $0.upsert(Fixtures.question) }
        var viewed = Fixtures.question
        viewed.viewCount += 1
        viewed.topicIDs = [12]
        #expect(try store.write { try $0.upsert(viewed) } == .updated)
        #expect(try store.read { try $0.question(3521) } == viewed)
        #expect(try store.read { try $0.revisionCount() } == 0)
    }

    @Test func eachKindOfPostKeepsRevisionsOfItsTextEdits() throws {
        try store.write { writer in
            try writer.upsert(Fixtures.answer)
            try writer.upsert(Fixtures.comment)
            try writer.upsert(Fixtures.article)
            try writer.upsert(Fixtures.articleComment)
        }
        var answer = Fixtures.answer
        answer.contentHTML = "改了"
        var comment = Fixtures.comment
        comment.text = "改了"
        var article = Fixtures.article
        article.title = "新标题"
        var articleComment = Fixtures.articleComment
        articleComment.message = "改了"
        let outcomes = try store.write { writer in
            [try writer.upsert(answer), try writer.upsert(comment), try writer.upsert(article),
             try writer.upsert(articleComment)]
        }
        #expect(outcomes == Array(repeating: .revised, count: 4))
        let olds = try store.read { reader in
            (try reader.revisions(of: .answer, id: 10873).map { try $0.oldContent(as: Answer.self) },
             try reader.revisions(of: .answerComment, id: 774).map { try $0.oldContent(as: AnswerComment.self) },
             try reader.revisions(of: .article, id: 96).map { try $0.oldContent(as: Article.self) },
             try reader.revisions(of: .articleComment, id: 305).map { try $0.oldContent(as: ArticleComment.self) })
        }
        #expect(olds.0 == [Fixtures.answer])
        #expect(olds.1 == [Fixtures.comment])
        #expect(olds.2 == [Fixtures.article])
        #expect(olds.3 == [Fixtures.articleComment])
    }

    @Test func twoEditsKeepTwoRevisionsOldestFirst() throws {
        var answer = Fixtures.answer
        try store.write { try $0.upsert(answer) }
        answer.contentHTML = "第二版"
        try store.write { try $0.upsert(answer) }
        answer.contentHTML = "第三版"
        try store.write { try $0.upsert(answer) }
        let texts = try store.read {
            try $0.revisions(of: .answer, id: 10873).map { try $0.oldContent(as: Answer.self).contentHTML }
        }
        #expect(texts == [Fixtures.answer.contentHTML, "第二版"])
    }
}
