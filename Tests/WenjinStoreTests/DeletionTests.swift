import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

@Suite struct DeletionTests {
    let store: Store

    init() throws { store = try Store.inMemory() }

    @Test func aDeletionKeepsTheContentAndTheTimeItWasFirstSeen() throws {
        try store.write { try $0.upsert(Fixtures.question) }
        let first = Date(timeIntervalSince1970: 1_700_000_000)
        try store.write { try $0.markDeleted(.question, id: Fixtures.question.id.rawValue, at: first) }
        try store.write { try $0.markDeleted(.question, id: Fixtures.question.id.rawValue, at: first + 86_400) }

        let (time, question, deleted) = try store.read {
            (try $0.deletionTime(.question, id: Fixtures.question.id.rawValue), try $0.question(Fixtures.question.id),
             try $0.deletedContent())
        }
        #expect(time == first)
        #expect(question == Fixtures.question)
        #expect(deleted == DeletedContent(questions: [Fixtures.question.id]))
    }

    @Test func everyKindIsReadBackUnderItsOwnIDType() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        try store.write { writer in
            for (offset, kind) in DeletableKind.allCases.enumerated() { try writer.markDeleted(kind, id: 10 + offset, at: now) }
        }
        let deleted = try store.read { try $0.deletedContent() }
        #expect(deleted == DeletedContent(questions: [10], answers: [11], answerComments: [12], articles: [13],
                                          articleComments: [14], users: [15]))
    }

    @Test func aRestoredEntityIsNoLongerDeleted() throws {
        try store.write { try $0.markDeleted(.answer, id: 7, at: Date(timeIntervalSince1970: 1_700_000_000)) }
        try store.write { try $0.clearDeleted(.answer, id: 7) }
        #expect(try store.read { try $0.deletedContent() }.isEmpty)
    }

    @Test("marking and clearing say whether they changed anything, so a crawl counts each deletion once")
    func changesAreReported() throws {
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        let answers = try store.write { writer in
            [try writer.markDeleted(.user, id: 3, at: time), try writer.markDeleted(.user, id: 3, at: time + 60),
             try writer.clearDeleted(.user, id: 3), try writer.clearDeleted(.user, id: 3)]
        }
        #expect(answers == [true, false, true, false])
    }
}
