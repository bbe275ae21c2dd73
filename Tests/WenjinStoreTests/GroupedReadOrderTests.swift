import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

/// `answersByQuestion` and `commentsByAnswer` read their tables in the tables' own order and put
/// the rows in order themselves: on rows made at random (equal counts and times, missing
/// times, negative counts, rows written in any order), each list is in the order SQLite's
/// `ORDER BY` gives it.
@Suite("Grouped reads in SQLite's order")
struct GroupedReadOrderTests {
    @Test("Answers and comments by their parent come as SQLite orders them", arguments: [1, 7, 2015] as [UInt64])
    func sameOrderAsSQLite(seed: UInt64) throws {
        var state = seed
        func next(_ range: ClosedRange<Int>) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((state >> 33) % UInt64(range.count))
        }
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
            let sqliteAnswers: [QuestionID: [Answer]] = try reader.connection.queryGrouped("""
                SELECT \(Answer.columns) FROM answers ORDER BY question_id, agree_count DESC, add_time, id
                """) { row in (QuestionID(row.int(1)), Answer(row: row)) }
            #expect(answers == sqliteAnswers)
            #expect(answers.values.reduce(0) { $0 + $1.count } == 120)
            let comments = try reader.commentsByAnswer()
            let sqliteComments: [AnswerID: [AnswerComment]] = try reader.connection.queryGrouped("""
                SELECT \(AnswerComment.columns) FROM answer_comments ORDER BY answer_id, add_time, id
                """) { row in (AnswerID(row.int(1)), AnswerComment(row: row)) }
            #expect(comments == sqliteComments)
        }
    }
}
