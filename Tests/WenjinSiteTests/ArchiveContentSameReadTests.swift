import Foundation
import Synchronization
import Testing
import WenjinModel
@testable import WenjinSite
@testable import WenjinStore

/// `ArchiveContent.read` reads the questions, the answers and their comments on three connections
/// at once: while a crawl writes, the three must still show one state of the archive.
@Suite("Archive content read in one snapshot")
struct ArchiveContentSameReadTests {
    @Test("Reads made while another process writes questions with their answers and comments show each question with its answer and comment, or none of them")
    func oneStateWhileACrawlWrites() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let crawl = try Store.open(at: site.storeFolder.appendingPathComponent(Store.fileName))
        let (stop, written) = (Shared(false), Shared(0))
        let writer = Thread {
            var number = 0
            while !stop.value.load(ordering: .relaxed) {
                // One transaction: a question, its answer and the answer's comment together.
                try? crawl.write { writer in
                    try writer.upsert(Question(id: QuestionID(200 + number), title: "新问题 \(number)", askerID: 1,
                                               addTime: Date(timeIntervalSince1970: 1_440_000_000 + Double(number)),
                                               updateTime: Date(timeIntervalSince1970: 1_440_000_000 + Double(number)),
                                               answerCount: 1, topicIDs: [10]))
                    try writer.upsert(Answer(id: AnswerID(2000 + number), questionID: QuestionID(200 + number), authorID: 2,
                                             contentHTML: "<p>回答 \(number)</p>", commentCount: 1))
                    try writer.upsert(AnswerComment(id: AnswerCommentID(6000 + number), answerID: AnswerID(2000 + number), authorID: 1,
                                                    text: "评论 \(number)", addTime: Date(timeIntervalSince1970: 1_440_000_000)))
                }
                number += 1
                written.value.store(number, ordering: .relaxed)
            }
        }
        writer.start()
        defer { stop.value.store(true, ordering: .relaxed) }
        var seenGrowing = Set<Int>()
        for _ in 0..<40 {
            let content = try ArchiveContent.read(from: site.store, fallbackSource: nil)
            let questions = Set(content.questions.map(\.id))
            #expect(Set(content.answers.keys) == questions, "every question's list and no other")
            let answers = content.answers.values.joined().map(\.id)
            #expect(Set(content.answerComments.keys).isSubset(of: Set(answers)), "no comment without its answer")
            let new = content.questions.filter { $0.id.rawValue >= 200 }.map(\.id.rawValue)
            #expect(Set(new.map { AnswerID(2000 + $0 - 200) }).isSubset(of: Set(answers)), "each new question with its answer")
            #expect(content.answers.values.joined().filter { $0.id.rawValue >= 2000 }.count == new.count)
            #expect(content.answerComments.keys.filter { $0.rawValue >= 2000 }.count == new.count, "each new answer with its comment")
            #expect(content.counts.questions == content.questions.count)
            #expect(content.counts.answers == answers.count)
            #expect(content.counts.comments == content.answerComments.values.joined().count)
            seenGrowing.insert(new.count)
        }
        stop.value.store(true, ordering: .relaxed)
        #expect(seenGrowing.count > 1, "reads saw the archive grow (\(written.value.load(ordering: .relaxed)) written)")
    }

    /// An atomic value the writing thread and the test share.
    private final class Shared<Value: AtomicRepresentable>: Sendable where Value: Sendable {
        let value: Atomic<Value>
        init(_ initial: Value) { value = Atomic(initial) }
    }
}
