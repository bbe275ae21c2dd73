import Foundation
import Testing
@testable import WenjinSample

/// The changes a community undergoes after its last post (`--deleted-*`, `--new-comments`,
/// `--edited-profiles`), as the server shows them in both flavors.
@Suite("The sample's later changes")
struct SampleLaterChangesTests {
    static let changed = SampleCommunity.Options(seed: 2015, questions: 60, deletedQuestions: 2, deletedAnswers: 2,
                                                 deletedUsers: 2, deletedComments: 2, newComments: 2, editedProfiles: 2)
    static var unchanged: SampleCommunity.Options { .init(seed: 2015, questions: 60) }

    /// Every question and article id explore `new` lists, all pages.
    static func explored(_ live: LiveSampleServer) async throws -> [Int] {
        var ids: [Int] = []
        for page in 1...20 {
            let rows = try await live.get("/?/api/explore/&page=\(page)&per_page=20&sort_type=new").rsm["rows"]?.items ?? []
            if rows.isEmpty { break }
            ids += rows.compactMap { $0["question_id"]?.int }
        }
        return ids
    }

    static func error(_ fetched: LiveSampleServer.Fetched) throws -> String? { try fetched.json["err"]?.string }

    @Test("the same seed deletes the same questions, answers and users, and the counts leave them out")
    func deterministic() {
        let first = SampleCommunity(Self.changed)
        let second = SampleCommunity(Self.changed)
        #expect(first.questions.filter(\.isDeleted).map(\.id) == second.questions.filter(\.isDeleted).map(\.id))
        #expect(first.answers.filter(\.isDeleted).map(\.id) == second.answers.filter(\.isDeleted).map(\.id))
        #expect(first.users.filter(\.isDeleted).map(\.id) == second.users.filter(\.isDeleted).map(\.id))
        #expect(first.questions.filter(\.isDeleted).count == 2 && first.users.filter(\.isDeleted).count == 2)
        let whole = SampleStats(SampleCommunity(Self.unchanged))
        let stats = SampleStats(first)
        #expect(stats.questions == whole.questions - 2)
        #expect(stats.users == whole.users - 2)
        #expect(stats.answers < whole.answers - 2, "a deleted question's answers go with it")
    }

    @Test("a deleted question, answer and user answer as deleted and leave explore, their question and follow lists",
          arguments: SampleAPI.Flavor.allCases)
    func deletedEntities(flavor: SampleAPI.Flavor) async throws {
        let live = try LiveSampleServer(options: Self.changed, flavor: flavor)
        let community = live.community
        let (_, cookies) = try await live.login(as: community.users[0].userName)
        let deletedQuestions = community.questions.filter(\.isDeleted).map(\.id)
        for id in deletedQuestions {
            #expect(try Self.error(await live.get("/?/api/question/question/&id=\(id)")) == "问题不存在或已被删除")
        }
        let explored = try await Self.explored(live)
        #expect(explored.count == community.questions.count - deletedQuestions.count)
        #expect(Set(explored).isDisjoint(with: deletedQuestions))

        let answer = try #require(community.answers.first { $0.isDeleted && !community.question($0.questionID)!.isDeleted })
        #expect(try Self.error(await live.get("/?/api/question/answer_detail/&id=\(answer.id)")) == "回答不存在")
        let thread = try await live.get("/?/api/question/question/&id=\(answer.questionID)", cookies: cookies).rsm
        let listed = thread["answers"]?.items.compactMap { $0["answer_id"]?.int } ?? []
        #expect(!listed.contains(answer.id))
        #expect(thread["answer_count"]?.int == listed.count)

        let before = SampleCommunity(Self.unchanged)
        let user = try #require(community.users.first { $0.isDeleted })
        #expect(try Self.error(await live.get("/?/api/account/get_userinfo/&uid=\(user.id)")) == "用户不存在")
        let follower = try #require(before.users.first { $0.following.contains(user.id) && !community.users[$0.id - 1].isDeleted })
        let following = try await live.get("/api/my_focus_user.php?uid=\(follower.id)&per_page=50").rsm
        #expect(!(following["rows"]?.items ?? []).contains { $0["uid"]?.int == user.id })
    }

    @Test("a new comment, a deleted comment and an edited profile move no question in explore",
          arguments: SampleAPI.Flavor.allCases)
    func quietChanges(flavor: SampleAPI.Flavor) async throws {
        let options = SampleCommunity.Options(seed: 2015, questions: 60, deletedComments: 1, newComments: 1, editedProfiles: 1)
        let live = try LiveSampleServer(options: options, flavor: flavor)
        let original = try LiveSampleServer(options: Self.unchanged, flavor: flavor)
        #expect(try await Self.explored(live) == Self.explored(original))

        let before = SampleCommunity(Self.unchanged)
        let comment = try #require(live.community.comments.last)
        #expect(comment.id == before.comments.count + 1)
        let comments = try await live.get("/api/answer_comment.php?id=\(comment.answerID)").rsm.items
        #expect(comments.last?["id"]?.int == comment.id)

        let gone = try #require(before.answers.first { answer in
            answer.commentIDs.contains { !live.community.answers[answer.id - 1].commentIDs.contains($0) }
        })
        let remaining = try await live.get("/api/answer_comment.php?id=\(gone.id)").rsm.items.compactMap { $0["id"]?.int }
        #expect(remaining.count == gone.commentIDs.count - 1)

        let edited = try #require(live.community.users.first { $0.signature != before.users[$0.id - 1].signature })
        let profile = try await live.get("/?/api/account/get_userinfo/&uid=\(edited.id)").rsm
        #expect(profile["signature"]?.string?.hasSuffix("（资料已更新）") == true)
    }
}
