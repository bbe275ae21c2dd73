import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

/// Anonymity in the store: upserts never unmask a post, whatever order lists, details and the
/// source's web page arrive in; only what the page shows decides, and an anonymous sighting stays.
@Suite("Shown authors and sticky anonymity")
struct ShownAuthorTests {
    private func stored(_ store: Store) throws -> (question: Question?, answer: Answer?) {
        try store.read { (try $0.question(Fixtures.question.id), try $0.answer(Fixtures.answer.id)) }
    }

    @Test("an upsert without the anonymous flag does not unmask a question or an answer")
    func upsertsNeverUnmask() throws {
        let store = try Store.open(at: TemporaryFolder().storeURL)
        var question = Fixtures.question
        var answer = Fixtures.answer
        question.isAnonymous = true
        answer.isAnonymous = true
        try store.write { writer in
            try writer.upsert(question)
            try writer.upsert(answer)
            try writer.upsert(Fixtures.question)
            try writer.upsert(Fixtures.answer)
        }
        #expect(try stored(store).question?.isAnonymous == true)
        #expect(try stored(store).answer?.isAnonymous == true)
    }

    @Test("what the page shows decides, whether it arrives before or after the post", arguments: [false, true])
    func thePageDecidesInEitherOrder(pageFirst: Bool) throws {
        let store = try Store.open(at: TemporaryFolder().storeURL)
        var question = Fixtures.question
        var answer = Fixtures.answer
        // Upstream: the API names everyone, so an unverified post is stored as anonymous.
        question.isAnonymous = true
        answer.isAnonymous = true
        let pages = [ShownAuthor(post: .question(question.id), userID: question.askerID),
                     ShownAuthor(post: .answer(answer.id), userID: nil)]
        try store.write { writer in
            if pageFirst { for page in pages { try writer.record(page, at: Date()) } }
            try writer.upsert(question)
            try writer.upsert(answer)
            if !pageFirst { for page in pages { try writer.record(page, at: Date()) } }
        }
        #expect(try stored(store).question?.isAnonymous == false)
        #expect(try stored(store).answer?.isAnonymous == true)
        // The store keeps the real author the API sent; only the flag hides it.
        #expect(try stored(store).answer?.authorID == Fixtures.answer.authorID)
        // A later API fetch (unverified again, or claiming named) changes nothing.
        try store.write { writer in
            try writer.upsert(question)
            var named = answer
            named.isAnonymous = false
            try writer.upsert(named)
        }
        #expect(try stored(store).question?.isAnonymous == false)
        #expect(try stored(store).answer?.isAnonymous == true)
    }

    @Test("a page that once showed a post as anonymous is not undone by a later page naming its author")
    func anonymousSightingsStay() throws {
        let store = try Store.open(at: TemporaryFolder().storeURL)
        try store.write { writer in
            try writer.upsert(Fixtures.answer)
            try writer.record(ShownAuthor(post: .answer(Fixtures.answer.id), userID: nil), at: Date())
            try writer.record(ShownAuthor(post: .answer(Fixtures.answer.id), userID: Fixtures.answer.authorID), at: Date())
        }
        #expect(try stored(store).answer?.isAnonymous == true)
        #expect(try store.read { try $0.shownAuthor(of: .answer(Fixtures.answer.id)) }?.isAnonymous == true)
    }

    @Test("a page naming someone other than the API's author leaves the post anonymous")
    func aMismatchedAuthorStaysHidden() throws {
        let store = try Store.open(at: TemporaryFolder().storeURL)
        try store.write { writer in
            try writer.upsert(Fixtures.question)
            try writer.record(ShownAuthor(post: .question(Fixtures.question.id), userID: UserID(9999)), at: Date())
        }
        #expect(try stored(store).question?.isAnonymous == true)
    }
}
