import Foundation
import Testing
import WenjinModel
@testable import WenjinStore

/// Every entity written to a store file comes back equal, through a fresh connection.
@Suite struct EntityRoundTripTests {
    let folder: TemporaryFolder

    init() throws { folder = try TemporaryFolder() }

    /// Writes with one store value and reads with another, so nothing is served from memory.
    private func roundTrip<T: Sendable>(write: (StoreWriter) throws -> Void,
                                         read: (StoreReader) throws -> T) throws -> T {
        try Store.open(at: folder.storeURL).write { try write($0) }
        return try Store.open(at: folder.storeURL).read { try read($0) }
    }

    @Test func aUserWithChineseAndEmojiNamesComesBackUnchanged() throws {
        let read = try roundTrip(write: { try $0.upsert(Fixtures.user) }, read: { try $0.user(1024) })
        #expect(read == Fixtures.user)
        #expect(read?.displayName == "小北 🐻")
    }

    @Test func aTopicComesBackUnchanged() throws {
        let noCount = Topic(id: 58, title: "自习", description: "", pic: nil, focusCount: 0, discussCount: nil)
        let read = try roundTrip(write: { try $0.upsert(Fixtures.topic); try $0.upsert(noCount) },
                                 read: { [try $0.topic(57), try $0.topic(58)] })
        #expect(read == [Fixtures.topic, noCount])
    }

    @Test func aQuestionComesBackWithItsTopicsInOrder() throws {
        let read = try roundTrip(write: { try $0.upsert(Fixtures.question) }, read: { try $0.question(3521) })
        #expect(read == Fixtures.question)
        #expect(read?.topicIDs == [57, 12])
        #expect(read?.title == "C++ &amp; Java 先学哪个？😀")
    }

    @Test func answersComeBackIncludingAnAnonymousOneWithoutTime() throws {
        let read = try roundTrip(write: { try $0.upsert(Fixtures.answer); try $0.upsert(Fixtures.anonymousAnswer) },
                                 read: { [try $0.answer(10873), try $0.answer(10880)] })
        #expect(read == [Fixtures.answer, Fixtures.anonymousAnswer])
        #expect(read[1]?.authorID == nil)
        #expect(read[1]?.addTime == nil)
    }

    @Test func anAnswerCommentComesBackWithItsReplyTarget() throws {
        let read = try roundTrip(write: { try $0.upsert(Fixtures.comment) }, read: { try $0.answerComment(774) })
        #expect(read == Fixtures.comment)
    }

    @Test func anArticleAndItsCommentComeBackUnchanged() throws {
        let read = try roundTrip(write: { try $0.upsert(Fixtures.article); try $0.upsert(Fixtures.articleComment) },
                                 read: { (try $0.article(96), try $0.articleComment(305)) })
        #expect(read.0 == Fixtures.article)
        #expect(read.1 == Fixtures.articleComment)
    }

    @Test func anAssetComesBackInEachState() throws {
        let missing = Asset(url: "http://wenjin.in/uploads/gone.png", state: .missing, error: "HTTP 404")
        let read = try roundTrip(write: { try $0.put(Fixtures.asset); try $0.put(missing) },
                                 read: { try $0.assets() })
        #expect(read == [Fixtures.asset, missing].sorted { $0.url < $1.url })
    }

    @Test func textWithNulAndEmptyStringsSurvives() throws {
        var question = Fixtures.question
        question.title = "a\u{0}b 中文"
        question.detailHTML = ""
        let read = try roundTrip(write: { try $0.upsert(question) }, read: { try $0.question(3521) })
        #expect(read?.title == "a\u{0}b 中文")
        #expect(read?.detailHTML == "")
    }

    @Test func missingEntitiesReadAsNil() throws {
        let store = try Store.inMemory()
        let found = try store.read { [try $0.question(1) == nil, try $0.user(1) == nil, try $0.article(1) == nil] }
        #expect(found == [true, true, true])
    }
}
