import Foundation
import Testing
import WenjinModel
import WenjinSample
import WenjinStore
@testable import WenjinCrawler

/// What the source no longer has is recorded in the store when first seen missing, its content
/// kept; what comes back is cleared.
@Suite("Deletions upstream")
struct DeletionRecordingTests {
    static let original = SampleCommunity.Options(seed: 2015, questions: 40)
    static let changed = SampleCommunity.Options(seed: 2015, questions: 40, deletedQuestions: 1, deletedAnswers: 1,
                                                 deletedUsers: 1, deletedComments: 1)

    /// The entities the changed community deleted, as the store names them.
    static func deleted(_ community: SampleCommunity) throws -> [(DeletableKind, Int)] {
        let question = try #require(community.questions.first { $0.isDeleted })
        let answer = try #require(community.answers.first { $0.isDeleted && !community.question($0.questionID)!.isDeleted })
        let user = try #require(community.users.first { $0.isDeleted })
        let whole = SampleCommunity(original)
        let comment = try #require(whole.comments.first { comment in
            !community.answers[comment.answerID - 1].isDeleted && !community.answers[comment.answerID - 1].commentIDs.contains(comment.id)
        })
        return [(.question, question.id), (.answer, answer.id), (.user, user.id), (.answerComment, comment.id)]
    }

    /// Serves `options` where the site's server was, and crawls it re-verifying everything.
    static func recrawl(_ site: SampleSite, _ options: SampleCommunity.Options, flavor: SampleAPI.Flavor)
        async throws -> (SampleSite, CrawlSummary, Store) {
        let port = try #require(site.server.port)
        site.server.stop()
        let next = try SampleSite(community: options, flavor: flavor, port: port, folder: site.folder)
        let (summary, store) = try await next.crawl(reverifyShare: 1)
        return (next, summary, store)
    }

    @Test("a deleted question, answer, user and comment are recorded, their content kept, and the crawl counts no failure",
          arguments: SampleAPI.Flavor.allCases)
    func recorded(flavor: SampleAPI.Flavor) async throws {
        let first = try SampleSite(community: Self.original, flavor: flavor)
        let (_, store) = try await first.crawl()
        let before = try StoreSnapshot(store)
        let (site, summary, _) = try await Self.recrawl(first, Self.changed, flavor: flavor)
        let deleted = try Self.deleted(site.community)
        #expect(summary.tasksFailed == 0)
        #expect(summary.changes?.deleted == deleted.count)
        try store.read { reader in
            for (kind, id) in deleted { #expect(try reader.deletionTime(kind, id: id) != nil, "\(kind) \(id)") }
            let recorded = try reader.deletedContent()
            #expect(recorded.questions == [QuestionID(deleted[0].1)])
            #expect(recorded.answers == [AnswerID(deleted[1].1)], "a deleted question's answers are not recorded one by one")
            #expect(recorded.users == [UserID(deleted[2].1)])
            #expect(recorded.answerComments == [AnswerCommentID(deleted[3].1)])
            #expect(try reader.question(QuestionID(deleted[0].1)) == before.questions.first { $0.id.rawValue == deleted[0].1 })
            #expect(try reader.answer(AnswerID(deleted[1].1)) == before.answers.first { $0.id.rawValue == deleted[1].1 })
            #expect(try reader.user(UserID(deleted[2].1)) == before.users.first { $0.id.rawValue == deleted[2].1 })
            #expect(try reader.answerComment(AnswerCommentID(deleted[3].1)) == before.comments.first { $0.id.rawValue == deleted[3].1 })
        }
    }

    @Test("every comment gone from its answer's list is recorded, also when the answer is left with none",
          arguments: SampleAPI.Flavor.allCases)
    func commentsDownToNone(flavor: SampleAPI.Flavor) async throws {
        let first = try SampleSite(community: Self.original, flavor: flavor)
        let (_, store) = try await first.crawl()
        let options = SampleCommunity.Options(seed: 2015, questions: 40, deletedComments: 30)
        let (site, _, _) = try await Self.recrawl(first, options, flavor: flavor)
        let whole = SampleCommunity(Self.original)
        let served = Set(site.community.answers.flatMap(\.commentIDs))
        let gone = Set(whole.comments.map(\.id)).subtracting(served)
        #expect(gone.count == 30)
        try #require(whole.answers.contains { !$0.commentIDs.isEmpty && site.community.answers[$0.id - 1].commentIDs.isEmpty },
                     "some answer is left with no comment")
        let recorded = try store.read { try $0.deletedContent() }
        #expect(recorded.answerComments == Set(gone.map { AnswerCommentID($0) }))
    }

    @Test("a deletion keeps the time it was first seen however often the crawl sees it missing again")
    func firstSightingKept() async throws {
        let first = try SampleSite(community: Self.original)
        let (_, store) = try await first.crawl()
        let (site, _, _) = try await Self.recrawl(first, Self.changed, flavor: .wenjin)
        let deleted = try Self.deleted(site.community)
        // As if each had been seen missing a year ago.
        let earlier = Date(timeIntervalSince1970: 1_700_000_000)
        try store.write { writer in
            for (kind, id) in deleted {
                try writer.clearDeleted(kind, id: id)
                try writer.markDeleted(kind, id: id, at: earlier)
            }
        }
        let (again, _) = try await site.crawl(reverifyShare: 1)
        #expect(again.changes?.deleted == 0)
        let times = try store.read { reader in try deleted.map { try reader.deletionTime($0.0, id: $0.1) } }
        #expect(times == Array(repeating: earlier, count: deleted.count))
    }

    @Test("a question, answer, user and comment the source serves again are no longer recorded as deleted",
          arguments: SampleAPI.Flavor.allCases)
    func restored(flavor: SampleAPI.Flavor) async throws {
        let first = try SampleSite(community: Self.original, flavor: flavor)
        let (_, store) = try await first.crawl()
        let (changed, _, _) = try await Self.recrawl(first, Self.changed, flavor: flavor)
        let deleted = try Self.deleted(changed.community)
        #expect(try !store.read { try $0.deletedContent() }.isEmpty)
        let (_, summary, _) = try await Self.recrawl(changed, Self.original, flavor: flavor)
        #expect(summary.changes?.restored == deleted.count)
        #expect(try store.read { try $0.deletedContent() } == DeletedContent())
    }
}
