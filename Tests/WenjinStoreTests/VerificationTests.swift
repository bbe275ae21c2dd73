import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

/// The order in which a crawl re-verifies stored items: never verified first, then those
/// verified longest ago.
@Suite("Verification order")
struct VerificationTests {
    let store: Store

    init() throws {
        store = try Store.inMemory()
        try store.write { writer in
            for id in 1...5 {
                var question = Fixtures.question
                question.id = QuestionID(id)
                try writer.upsert(question)
            }
        }
    }

    @Test("items never verified come first by id, then the ones verified longest ago")
    func oldestFirst() throws {
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        try store.write { writer in
            try writer.markVerified(.question, id: 4, at: time)
            try writer.markVerified(.question, id: 2, at: time)
        }
        #expect(try store.read { try $0.leastRecentlyVerified(.question, limit: 10) } == [1, 3, 5, 4, 2])
        #expect(try store.read { try $0.leastRecentlyVerified(.question, limit: 2) } == [1, 3])
        #expect(try store.read { try $0.itemCount(.question) } == 5)
    }

    @Test("an item verified again goes to the end, even within the same second or under a clock set back")
    func verifiedAgainGoesLast() throws {
        let time = Date(timeIntervalSince1970: 1_700_000_000)
        try store.write { writer in
            for id in 1...5 { try writer.markVerified(.question, id: id, at: time) }
            try writer.markVerified(.question, id: 1, at: time - 3_600)
        }
        let (order, when) = try store.read { reader in
            (try reader.leastRecentlyVerified(.question, limit: 5), try reader.verificationTime(.question, id: 1))
        }
        #expect(order == [2, 3, 4, 5, 1])
        #expect(when == time - 3_600)
    }

    @Test("kinds are ordered apart, and only stored items are listed")
    func kindsApart() throws {
        try store.write { writer in
            try writer.markVerified(.user, id: 1, at: Date())
            try writer.upsert(Fixtures.user)
        }
        #expect(try store.read { try $0.leastRecentlyVerified(.user, limit: 10) } == [Fixtures.user.id.rawValue])
        #expect(try store.read { try $0.leastRecentlyVerified(.article, limit: 10) } == [])
    }
}
