import Foundation
import Testing
import WenjinModel
@testable import WenjinSite
@testable import WenjinStore

/// `ArchiveContent.read` puts each answer under its question: every stored question has a list
/// (empty when unanswered), and an answer whose question is not stored is shown nowhere.
@Suite("Archive content read")
struct ArchiveContentReadTests {
    @Test("Every question has its answers' list, an unanswered one an empty list, and no list is left without its question")
    func answerListsFollowTheQuestions() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let content = try ArchiveContent.read(from: site.store, fallbackSource: nil)
        #expect(Set(content.answers.keys) == Set(content.questions.map(\.id)))
        #expect(content.answers[QuestionID(100)]?.map(\.id.rawValue).sorted() == [1000, 1001])
        #expect(content.answers[QuestionID(101)] == [])
        #expect(content.answers[QuestionID(102)] == [])
    }

    @Test("An answer whose question is not stored is left out, on a full read and on a read of changed rows alike")
    func answerWithoutItsQuestionIsLeftOut() throws {
        let site = try FixtureSite()
        defer { site.remove() }
        let before = try site.store.read { try $0.changes() }
        try site.store.write { writer in
            try writer.upsert(Answer(id: 1002, questionID: 999, authorID: 2, contentHTML: "<p>问题还没抓到</p>"))
            try writer.upsert(Answer(id: 1003, questionID: 101, authorID: 1, contentHTML: "<p>都学</p>"))
        }
        for seen in [nil, before] {
            let content = try ArchiveContent.read(from: site.store, fallbackSource: nil, bodiesUnchangedSince: seen)
            #expect(content.answers[QuestionID(999)] == nil)
            #expect(!content.answers.values.joined().contains { $0.id == AnswerID(1002) })
            #expect(Set(content.answers.keys) == Set(content.questions.map(\.id)))
            #expect(content.answers[QuestionID(101)]?.map(\.id) == [AnswerID(1003)])
            #expect(content.answers[QuestionID(101)]?.first?.contentHTML == "<p>都学</p>")
        }
    }
}
