import Foundation
import Testing
@testable import WenjinSample

/// Explore, question, answer and comment endpoints of the WENJIN flavor (docs/api.md §2.2–2.5).
@Suite struct SampleQuestionEndpointTests {
    @Test func exploreWalksEveryQuestionAndArticleOnceThenEndsWithTotalRowsZero() async throws {
        let live = try LiveSampleServer(questions: 130)
        var questions = Set<Int>()
        var articles = Set<Int>()
        var page = 1
        while page < 100 {
            let rsm = try await live.get("/?/api/explore/&sort_type=new&per_page=25&page=\(page)").rsm
            if rsm["total_rows"] == .number("0") {
                #expect(rsm.keys == ["total_rows"], "the end carries no rows key")
                break
            }
            #expect(rsm["total_rows"]?.int == rsm["rows"]?.items.count, "total_rows counts this page")
            for row in rsm["rows"]?.items ?? [] {
                if row["post_type"] == .string("question") {
                    #expect(questions.insert(try #require(row["question_id"]?.int)).inserted)
                } else {
                    #expect(articles.insert(try #require(row["id"]?.int)).inserted)
                }
            }
            page += 1
        }
        #expect(questions == Set(1...130))
        #expect(articles == Set(live.community.articles.map(\.id)))
        let first = try await live.get("/?/api/explore/").rsm
        #expect(try await live.get("/?/api/explore/&page=0").rsm == first, "page 0 is page 1")
        #expect(first["rows"]?.items.count == 10, "per_page defaults to 10")
    }

    @Test func exploreRowsHaveWenjinsKeysAndTypes() async throws {
        let live = try LiveSampleServer()
        let rows = try await live.get("/?/api/explore/&per_page=200").rsm["rows"]?.items ?? []
        let questionRows = rows.filter { $0["post_type"] == .string("question") }
        let answered = try #require(questionRows.first { $0["answer_count"] != .string("0") })
        #expect(answered.keys == ["post_type", "question_id", "question_content", "add_time", "update_time", "published_uid",
                                  "answer_count", "view_count", "focus_count", "anonymous", "topics", "user_info", "answer_users"])
        #expect(answered["question_id"]?.typeName == "string" && answered["answer_count"]?.typeName == "string")
        #expect(answered["user_info"]?.keys == ["uid", "user_name", "nick_name", "avatar_file"])
        #expect(answered["answer_users"]?.typeName == "array")
        let unanswered = try #require(questionRows.first { $0["answer_count"] == .string("0") })
        #expect(unanswered["answer_users"] == nil, "missing when answer_count is 0")
        let anonymous = try #require(questionRows.first { $0["anonymous"] == .string("1") })
        #expect(anonymous["user_info"]?["uid"] == .string("-1"))
        let article = try #require(rows.first { $0["post_type"] == .string("article") })
        #expect(article.keys == ["post_type", "id", "title", "views", "comments", "add_time", "topics", "user_info"])
    }

    @Test func aLoggedOutClientSeesOneAnswerAndALoggedInClientSeesThemAllBestFirst() async throws {
        let live = try LiveSampleServer()
        let question = try #require(live.community.questions.first { $0.bestAnswerID != nil && $0.answerIDs.count >= 3 })
        let loggedOut = try await live.get("/?/api/question/question/&id=\(question.id)").rsm
        #expect(loggedOut["answer_count"] == .number(String(question.answerIDs.count)), "a JSON number for iOS")
        #expect(loggedOut["answers"]?.items.count == 1)
        let (_, cookies) = try await live.login(as: live.community.users[0].userName)
        let rsm = try await live.get("/?/api/question/question/&id=\(question.id)", cookies: cookies).rsm
        let answers = rsm["answers"]?.items ?? []
        #expect(answers.count == question.answerIDs.count)
        #expect(answers.first?["answer_id"]?.int == question.bestAnswerID)
        let votes = answers.dropFirst().compactMap { $0["agree_count"]?.int }
        #expect(votes == votes.sorted(by: >), "then by votes")
        #expect(rsm.keys == ["question_info", "answer_count", "answers", "question_topics"])
        #expect(rsm["question_info"]?.keys == ["question_id", "question_content", "question_detail", "focus_count",
                                               "published_uid", "anonymous", "has_focus"])
        #expect(answers[0].keys == ["answer_id", "answer_content", "uid", "user_name", "nick_name", "agree_count", "add_time",
                                    "comment_count", "anonymous", "avatar_file", "signature", "vote_value"])
        #expect(answers[0]["vote_value"] == .number("0"))
    }

    @Test func aThreadOfMoreThanAHundredAnswersIsPaged() async throws {
        let live = try LiveSampleServer(questions: 130)
        let (_, cookies) = try await live.login(as: live.community.users[0].userName)
        let id = SampleCommunity.longThreadQuestion
        let first = try await live.get("/?/api/question/question/&id=\(id)", cookies: cookies).rsm
        let second = try await live.get("/?/api/question/question/&id=\(id)&page=2", cookies: cookies).rsm
        let third = try await live.get("/?/api/question/question/&id=\(id)&page=3", cookies: cookies).rsm
        #expect(first["answers"]?.items.count == 100)
        let total = try #require(first["answer_count"]?.int)
        #expect(second["answers"]?.items.count == total - 100)
        #expect(third["answers"] == .array([]))
        let ids = ((first["answers"]?.items ?? []) + (second["answers"]?.items ?? [])).compactMap { $0["answer_id"]?.int }
        #expect(Set(ids).count == total)
    }

    @Test func bodiesComeAsRenderedHTMLWithSingleQuotedAttachmentImages() async throws {
        let live = try LiveSampleServer()
        let attachment = try #require(live.community.answers.first { live.community.attachmentsByOwner[.answer($0.id)] != nil })
        let detail = try await live.get("/?/api/question/answer_detail/&id=\(attachment.id)").rsm
        let html = try #require(detail["answer_content"]?.string)
        #expect(html.contains("<img src='\(live.base)/uploads/answer/") || html.contains("class=\"miniimg\" src='\(live.base)/uploads/answer/"))
        #expect(detail.keys == ["answer_id", "question_id", "answer_content", "add_time", "agree_count", "uid", "comment_count",
                                "user_name", "nick_name", "avatar_file", "signature", "vote_value", "thank_value", "uninterested",
                                "anonymous"])
        let stored = try await live.get("/api/my_answer.php?uid=\(attachment.authorID)&per_page=1000").rsm["rows"]?.items ?? []
        if !attachment.isAnonymous {
            let raw = try #require(stored.first { $0["answer_id"]?.int == attachment.id }?["answer_content"]?.string)
            #expect(raw.contains("[attach]"), "the stand-alone list sends stored BBCode")
        }
    }

    @Test func answerCommentsAreAnArrayOrTheTotalRowsObjectWhenThereAreNone() async throws {
        let live = try LiveSampleServer()
        let community = live.community
        let none = try #require(community.answers.first { $0.commentIDs.isEmpty })
        #expect(try await live.get("/api/answer_comment.php?id=\(none.id)").rsm == .object([("total_rows", .string("0"))]))
        let reply = try #require(community.comments.first { $0.replyToUserID != nil })
        let comments = try await live.get("/api/answer_comment.php?id=\(reply.answerID)").rsm.items
        let shown = try #require(comments.first { $0["id"]?.int == reply.id })
        #expect(shown["at_user"]?["uid"]?.int == reply.replyToUserID)
        #expect(shown["at_user"]?.keys == ["uid", "user_name", "nick_name"])
        #expect(try await live.get("/api/answer_comment.php").json["err"] == .string("参数不完整"))
    }
}
