import Foundation
import Testing
@testable import WenjinSample

/// Users, their lists, topics, articles, search and the home feed (docs/api.md §2.1, §2.6–2.17).
@Suite struct SampleUserTopicEndpointTests {
    @Test func aUserProfileHasItsCountsAsStringsAndTheComputedOnesAsNumbers() async throws {
        let live = try LiveSampleServer()
        let rsm = try await live.get("/?/api/account/get_userinfo/&uid=3").rsm
        #expect(rsm.keys == ["user_name", "nick_name", "avatar_file", "fans_count", "friend_count", "question_count", "answer_count",
                             "topic_focus_count", "agree_count", "thanks_count", "answer_favorite_count", "has_focus", "signature"])
        #expect(rsm["question_count"]?.typeName == "string")
        #expect(rsm["answer_favorite_count"]?.typeName == "number" && rsm["has_focus"]?.typeName == "number")
        #expect(rsm["question_count"]?.int == live.community.lookup.questionsByUser[3]?.count)
    }

    @Test func standAloneListsCountInStringsClampPagesPastTheEndAndSayZeroWhenEmpty() async throws {
        let live = try LiveSampleServer()
        let uid = try #require(live.community.users.first { (live.community.lookup.questionsByUser[$0.id]?.count ?? 0) >= 3 }?.id)
        let all = live.community.lookup.questionsByUser[uid]!.filter { !live.community.question($0)!.isAnonymous }
        let first = try await live.get("/api/my_question.php?uid=\(uid)&page=1&per_page=2").rsm
        #expect(first["total_rows"] == .string(String(all.count)))
        #expect(first["rows"]?.items.first?.keys == ["id", "title", "detail", "add_time"])
        let lastPage = (all.count + 1) / 2
        let last = try await live.get("/api/my_question.php?uid=\(uid)&page=\(lastPage)&per_page=2").rsm
        #expect(try await live.get("/api/my_question.php?uid=\(uid)&page=\(lastPage + 5)&per_page=2").rsm == last,
                "a page past the end repeats the last page")
        let lonely = try #require(live.community.users.first { (live.community.lookup.followers[$0.id] ?? []).isEmpty })
        #expect(try await live.get("/api/my_fans_user.php?uid=\(lonely.id)").rsm == .object([("total_rows", .string("0"))]))
        let follower = try #require(live.community.users.first { !$0.following.isEmpty })
        let following = try await live.get("/api/my_focus_user.php?uid=\(follower.id)").rsm
        #expect(following["rows"]?.items.first?.keys == ["uid", "user_name", "nick_name", "avatar_file", "signature"])
        #expect(following["total_rows"] == .string(String(follower.following.count)))
    }

    @Test func theTopicSquareListsEveryTopicAndTopicInfoDoesNotEchoItsID() async throws {
        let live = try LiveSampleServer()
        var seen: [Int] = []
        var page = 1
        var total = Int.max
        while seen.count < total, page < 50 {
            let rsm = try await live.get("/?/api/topic/square/&id=hot&page=\(page)&per_page=4").rsm
            total = try #require(rsm["total_rows"]?.int)
            #expect(rsm["total_rows"]?.typeName == "string")
            seen += rsm["rows"]?.items.compactMap { $0["topic_id"]?.int } ?? []
            page += 1
        }
        #expect(Set(seen) == Set(live.community.topics.map(\.id)) && seen.count == live.community.topics.count)
        let pictured = try #require(live.community.topics.first { $0.picture != nil })
        let info = try await live.get("/api/topic.php?uid=1&topic_id=\(pictured.id)").rsm
        #expect(info.keys == ["topic_title", "topic_description", "topic_pic", "focus_count", "has_focus"])
        #expect(info["topic_pic"]?.string?.hasSuffix("_100_100.jpg") == true)
        #expect(try await live.get("/api/topic.php?uid=1&topic_id=99999").json
            == .object([("rsm", .string("话题不存在")), ("errno", .number("1")), ("err", .null)]))
    }

    @Test func bestAnswersArePagedAndEndWithTotalRowsZero() async throws {
        let live = try LiveSampleServer(questions: 300)
        let topic = try #require(live.community.topics.max { a, b in
            bestCount(live.community, a.id) < bestCount(live.community, b.id)
        })
        var seen = 0
        for page in 1...20 {
            let rsm = try await live.get("/?/api/topic/topic_best_answer/&id=\(topic.id)&page=\(page)").rsm
            if rsm == .object([("total_rows", .number("0"))]) { break }
            let rows = rsm["rows"]?.items ?? []
            #expect(rsm["total_rows"] == .number(String(rows.count)))
            #expect(rows.first?.keys == ["question_info", "answer_info"])
            #expect(rows.first?["answer_info"]?.keys == ["answer_id", "answer_content", "agree_count", "uid", "nick_name", "avatar_file"])
            seen += rows.count
        }
        #expect(seen == bestCount(live.community, topic.id))
    }

    private func bestCount(_ community: SampleCommunity, _ topic: Int) -> Int {
        (community.lookup.questionsByTopic[topic] ?? []).filter { community.question($0)?.bestAnswerID != nil }.count
    }

    @Test func anArticleAppendsAttachmentsItDoesNotPlaceAndItsCommentsEndWithEmptyRows() async throws {
        let live = try LiveSampleServer(questions: 300)
        let article = try #require(live.community.articles.first { (live.community.attachmentsByOwner[.article($0.id)]?.count ?? 0) == 2 })
        let rsm = try await live.get("/?/api/article/article/&id=\(article.id)").rsm
        #expect(rsm["article_info"]?.keys == ["id", "uid", "title", "message", "votes", "user_name", "nick_name", "avatar_file",
                                              "signature", "vote_value"])
        let message = try #require(rsm["article_info"]?["message"]?.string)
        #expect(message.contains("<br><img src='\(live.base)/uploads/article/"))
        let withComments = try #require(live.community.articles.first { !$0.commentIDs.isEmpty })
        let comments = try await live.get("/?/api/article/comment/&id=\(withComments.id)").rsm
        #expect(comments["total_rows"] == .string(String(withComments.commentIDs.count)))
        #expect(comments["rows"]?.items.first?.keys == ["id", "uid", "message", "votes", "at_uid", "add_time", "user_info",
                                                        "at_user_info", "vote_value"])
        let past = try await live.get("/?/api/article/comment/&id=\(withComments.id)&page=2").rsm
        #expect(past["rows"] == .array([]) && past["total_rows"] == comments["total_rows"])
    }

    @Test func searchFindsQuestionsByTitleAndEndsWithAnEmptyInfoList() async throws {
        let live = try LiveSampleServer()
        let word = "图书馆"
        let expected = live.community.questions.filter { live.community.questionTitle($0.id).contains(word) }.count
        var found = 0
        for page in 1...30 {
            let info = try await live.get("/?/api/search/&q=\(word.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)&type=questions&limit=10&page=\(page)").rsm["info"]?.items ?? []
            if info.isEmpty { break }
            #expect(info.allSatisfy { $0["name"]?.string?.contains(word) == true })
            #expect(info.first?.keys == ["uid", "score", "type", "url", "search_id", "name", "detail"])
            found += info.count
        }
        #expect(expected > 0 && found == expected)
    }

    @Test func theHomeFeedShowsWhatFollowedUsersDidAndEndsWithTotalRowsZero() async throws {
        let live = try LiveSampleServer()
        let viewer = try #require(live.community.users.first { !$0.following.isEmpty })
        let (_, cookies) = try await live.login(as: viewer.userName)
        let first = try await live.get("/?/api/home/&page=0&per_page=20", cookies: cookies).rsm
        let rows = first["rows"]?.items ?? []
        #expect(first["total_rows"] == .number(String(rows.count)))
        #expect(!rows.isEmpty)
        for row in rows {
            let uid = try #require(row["uid"]?.int)
            #expect(uid == -1 || viewer.following.contains(uid))
            #expect(Array(row.keys.prefix(6)) == ["history_id", "associate_action", "add_time", "uid", "associate_id", "user_info"])
        }
        let end = try await live.get("/?/api/home/&page=1000&per_page=20", cookies: cookies).rsm
        #expect(end == .object([("total_rows", .number("0")), ("rows", .array([]))]))
    }
}
