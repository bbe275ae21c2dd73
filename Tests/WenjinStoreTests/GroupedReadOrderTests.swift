import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

/// `answersByQuestion`, `commentsByAnswer`, `questions` and `articles` read their tables in the
/// tables' own order and put the rows in order themselves: on rows made at random (equal counts and times, missing
/// times, negative counts, rows written in any order), each list is in the order SQLite's
/// `ORDER BY` gives it.
@Suite("Grouped reads in SQLite's order")
struct GroupedReadOrderTests {
    @Test("Answers and comments by their parent come as SQLite orders them", arguments: [1, 7, 2015] as [UInt64])
    func sameOrderAsSQLite(seed: UInt64) throws {
        var numbers = SeededNumbers(seed: seed)
        func next(_ range: ClosedRange<Int>) -> Int { numbers.next(range) }
        let store = try Store.inMemory()
        let base = Fixtures.time
        try store.write { writer in
            // Written out of ID order (37 is prime to 121): the table holds them by ID all the same.
            for id in (1...120).map({ $0 * 37 % 121 }) {
                try writer.upsert(Answer(id: AnswerID(id), questionID: QuestionID(next(1...6)), authorID: 7,
                                         contentHTML: "<p>\(id)</p>",
                                         addTime: next(0...3) == 0 ? nil : base.addingTimeInterval(Double(next(0...2)) * 60),
                                         agreeCount: next(-2...2)))
                for _ in 0..<next(0...2) {
                    let comment = next(1...100_000)
                    try writer.upsert(AnswerComment(id: AnswerCommentID(comment), answerID: AnswerID(id), authorID: 7, text: "评论 \(comment)",
                                                    addTime: base.addingTimeInterval(Double(next(0...2)) * 60)))
                }
            }
        }
        try store.read { reader in
            let answers = try reader.answersByQuestion()
            let sqliteAnswers = Dictionary(grouping: try reader.connection.query("""
                SELECT \(Answer.columns) FROM answers ORDER BY question_id, agree_count DESC, add_time, id
                """) { Answer(row: $0) }, by: \.questionID)
            #expect(answers == sqliteAnswers)
            #expect(answers.values.reduce(0) { $0 + $1.count } == 120)
            let comments = try reader.commentsByAnswer()
            let sqliteComments = Dictionary(grouping: try reader.connection.query("""
                SELECT \(AnswerComment.columns) FROM answer_comments ORDER BY answer_id, add_time, id
                """) { AnswerComment(row: $0) }, by: \.answerID)
            #expect(comments == sqliteComments)
        }
    }
    @Test("Questions and articles come as SQLite orders them, each with its topic list in order", arguments: [3, 11, 2016] as [UInt64])
    func postsInSQLiteOrder(seed: UInt64) throws {
        var numbers = SeededNumbers(seed: seed)
        func next(_ range: ClosedRange<Int>) -> Int { numbers.next(range) }
        let store = try Store.inMemory()
        let base = Fixtures.time
        try store.write { writer in
            // Written out of ID order, some twice (a topic list replaced), times often equal.
            for id in (1...90).map({ $0 * 37 % 91 }) + [5, 17] {
                let time = base.addingTimeInterval(Double(next(0...3)) * 60)
                let topics = (0..<next(0...3)).map { _ in TopicID(next(1...9)) }
                try writer.upsert(Question(id: QuestionID(id - 20), title: "问题 \(id)", addTime: time, updateTime: time, topicIDs: topics))
                try writer.upsert(Article(id: ArticleID(id), authorID: 7, title: "文章 \(id)", messageHTML: "", addTime: time,
                                          topicIDs: topics.reversed()))
                for _ in 0..<next(0...2) {
                    let comment = next(1...100_000)
                    try writer.upsert(ArticleComment(id: ArticleCommentID(comment), articleID: ArticleID(next(1...90)), authorID: 7,
                                                     message: "评论 \(comment)", addTime: base.addingTimeInterval(Double(next(0...2)) * 60)))
                }
            }
        }
        try store.read { reader in
            let questions = try reader.questions()
            let sqliteQuestions = try reader.connection.query("""
                SELECT \(Question.columns) FROM questions q ORDER BY q.update_time DESC, q.id DESC
                """) { Question(row: $0, topicIDs: []) }
            #expect(questions.map(\.id) == sqliteQuestions.map(\.id))
            #expect(questions.count == 90)
            for question in questions {
                #expect(question.topicIDs == (try reader.connection.topicIDs(.questions, owner: question.id.rawValue)))
            }
            #expect(questions.contains { $0.topicIDs.count > 1 })
            let articles = try reader.articles()
            let sqliteArticles = try reader.connection.query("""
                SELECT \(Article.columns) FROM articles a ORDER BY a.add_time DESC, a.id DESC
                """) { Article(row: $0, topicIDs: []) }
            #expect(articles.map(\.id) == sqliteArticles.map(\.id))
            for article in articles {
                #expect(article.topicIDs == (try reader.connection.topicIDs(.articles, owner: article.id.rawValue)))
            }
            let sqliteComments = Dictionary(grouping: try reader.connection.query("""
                SELECT \(ArticleComment.columns) FROM article_comments ORDER BY article_id, add_time, id
                """) { ArticleComment(row: $0) }, by: \.articleID)
            #expect(try reader.commentsByArticle() == sqliteComments)
        }
    }

    @Test("A post's topic links written against their positions' order, posts mixed, still read in order")
    func topicLinksOutOfOrder() throws {
        let store = try Store.inMemory()
        let time = Fixtures.time
        try store.write { writer in
            for id in [3, 1, 2] {
                try writer.upsert(Question(id: QuestionID(id), title: "问题 \(id)", addTime: time, updateTime: time))
            }
            // Positions last to first, owners mixed.
            for (owner, position, topic) in [(2, 2, 23), (1, 0, 10), (2, 1, 22), (3, 0, 30), (2, 0, 21), (3, 1, 31)] {
                try writer.connection.run("INSERT INTO question_topics (question_id, position, topic_id) VALUES (?, ?, ?)",
                                          owner, position, topic)
            }
        }
        try store.read { reader in
            let lists = Dictionary(uniqueKeysWithValues: try reader.questions().map { ($0.id.rawValue, $0.topicIDs.map(\.rawValue)) })
            #expect(lists == [1: [10], 2: [21, 22, 23], 3: [30, 31]])
        }
    }
}

/// The same numbers for a seed at every run (a linear congruential generator), so that a
/// failing case can be run again.
struct SeededNumbers {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next(_ range: ClosedRange<Int>) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return range.lowerBound + Int((state >> 33) % UInt64(range.count))
    }
}
