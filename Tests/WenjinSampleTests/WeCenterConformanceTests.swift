import Foundation
import Testing
import WenjinTestSupport
@testable import WenjinSample

/// The `wecenter` flavor against the responses recorded from a real WeCenter 3.1 + ifLab server
/// (`../shared/spec/wecenter-3.1-responses/`, docs/api.md §8): for each recorded request, the
/// equivalent request to the sample server answers with the same keys in the same order and the
/// same JSON types, the same content type, the same cookies, and the same end-of-list and error shapes.
@Suite(SharedSpec.required) struct WeCenterConformanceTests {
    static let recordings = SharedSpec.folder.appendingPathComponent("wecenter-3.1-responses")

    /// Every recording named in INDEX.tsv.
    static let names: [String] = {
        let index = (try? String(contentsOf: recordings.appendingPathComponent("INDEX.tsv"), encoding: .utf8)) ?? ""
        return index.split(separator: "\n").compactMap { $0.split(separator: "\t").first.map(String.init) }
    }()

    @Test func theRecordingsArePresent() {
        #expect(Self.names.count >= 70, "expected the recorded responses at \(Self.recordings.path)")
    }

    @Test(arguments: names)
    func theSampleAnswersLikeTheRecordedServer(_ name: String) async throws {
        let live = try LiveSampleServer(questions: 300, flavor: .wecenter)
        let recordedBody = try Data(contentsOf: Self.recordings.appendingPathComponent("\(name).json"))
        let recordedHead = try String(contentsOf: Self.recordings.appendingPathComponent("\(name).headers"), encoding: .utf8)
        let viewer = try #require(live.community.users.first { user in
            !user.following.isEmpty && !user.followedTopics.isEmpty
                && user.followedQuestions.contains { !(live.community.question($0)?.answerIDs.isEmpty ?? true) }
        })
        let api = live.server.api
        let request = try #require(EquivalentRequest(name: name, community: live.community, viewer: viewer.id, api: api),
                                   "no equivalent for \(name)")
        // The recorder sent its cookies except where the name says logged out, and for login itself.
        let cookies = request.loggedIn ? try await live.login(as: viewer.userName).cookies : nil
        let response = request.isLogin
            ? try await live.login(as: request.badPassword ? "nobody" : live.community.users[1].userName).0
            : try await live.get(request.target, cookies: cookies)

        let recordedStatus = Int(recordedHead.split(separator: " ")[1])
        #expect(response.status == recordedStatus)
        #expect(response.header("Content-Type") == Self.header("Content-Type", in: recordedHead))
        #expect(response.setCookies.map(Self.cookieName) == Self.headers("Set-Cookie", in: recordedHead).map(Self.cookieName))
        guard recordedStatus == 200 else {
            #expect(String(decoding: response.body, as: UTF8.self).contains("文件未找到"))
            return
        }
        let recorded = try OrderedJSON(parsing: Array(recordedBody))
        let ours = try response.json
        let mismatches = ShapeComparison.mismatches(recorded: recorded, ours: ours, skippingFeedActions: name.hasPrefix("home"))
        #expect(mismatches.isEmpty, "\(name): \(mismatches.prefix(5).joined(separator: "; "))")
    }

    static func headers(_ name: String, in head: String) -> [String] {
        head.split(whereSeparator: \.isNewline).compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].caseInsensitiveCompare(name) == .orderedSame else { return nil }
            return parts[1].trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    static func header(_ name: String, in head: String) -> String? { headers(name, in: head).first }

    static func cookieName(_ cookie: String) -> String {
        let pair = cookie.split(separator: ";")[0]
        return pair.hasSuffix("=deleted") ? "\(pair)" : String(pair.split(separator: "=")[0])
    }
}

/// The request to the sample community that stands for a recorded one: the same endpoint, with
/// ids chosen so the situation is the same (a question with a best answer, one without, …).
struct EquivalentRequest {
    var target = ""
    var loggedIn = false
    var isLogin = false
    var badPassword = false

    init?(name: String, community c: SampleCommunity, viewer: Int, api: SampleAPI) {
        loggedIn = !name.hasSuffix("_loggedout") && !name.hasPrefix("login_process")
        let stem = name.replacingOccurrences(of: "_loggedin", with: "").replacingOccurrences(of: "_loggedout", with: "")
        func voted(_ answer: Int) -> Bool { if case .string = api.vote(viewer: viewer, answer: answer) { true } else { false } }
        let best = c.questions.first { $0.bestAnswerID != nil && $0.answerIDs.count >= 2 }!.id
        let bestVoted = c.questions.first { $0.bestAnswerID != nil && $0.answerIDs.dropFirst().contains(where: voted) }!.id
        let noBest = c.questions.first { $0.bestAnswerID == nil && !$0.answerIDs.isEmpty }!.id
        let unanswered = c.questions.first { $0.answerIDs.isEmpty }!.id
        let replied = c.answers.first { answer in
            let comments = answer.commentIDs.compactMap { c.comment($0) }
            return comments.contains { $0.replyToUserID != nil } && comments.contains { $0.replyToUserID == nil }
        }!.id
        let quiet = c.answers.first { $0.commentIDs.isEmpty }!.id
        let asker = c.users.first { (c.lookup.questionsByUser[$0.id]?.count ?? 0) >= 2 }!.id
        let answerer = c.users.first { (c.lookup.answersByUser[$0.id]?.count ?? 0) >= 2 }!.id
        let bestTopic = c.topics.first { t in (c.lookup.questionsByTopic[t.id] ?? []).contains { c.question($0)?.bestAnswerID != nil } }!.id
        let plainTopic = c.topics.first { t in !(c.lookup.questionsByTopic[t.id] ?? []).contains { c.question($0)?.bestAnswerID != nil } }!.id
        let pictured = c.topics.first { $0.picture != nil }!.id
        let commented = c.articles.first { article in
            let comments = article.commentIDs.compactMap { c.articleComment($0) }
            return comments.contains { $0.replyToUserID != nil } && comments.contains { $0.replyToUserID == nil }
                && comments.contains { if case .string = api.vote(viewer: viewer, answer: -$0.id, likesOnly: true) { true } else { false } }
        }!.id
        func uid(_ condition: (SampleCommunity.User) -> Bool) -> Int { c.users.first(where: condition)!.id }
        switch stem {
        case "login_process": isLogin = true
        case "login_process_bad_password": isLogin = true; badPassword = true
        // Pages of 100 hold every kind of row (answered, unanswered, article) that the recording shows.
        case "explore_new_p1": target = "/?/api/explore/&sort_type=new&page=1&per_page=100"
        case "explore_new_p2_empty", "explore_recommend": target = "/?/api/explore/&sort_type=new&page=9999"
        case "explore_new_perpage2_p2": target = "/?/api/explore/&sort_type=new&page=2&per_page=100"
        case "explore_hot": target = "/?/api/explore/&sort_type=hot&day=30&page=1&per_page=100"
        case "explore_unresponsive": target = "/?/api/explore/&sort_type=unresponsive&page=1"
        case "question_1": target = "/?/api/question/question/&id=\(best)"
        case "question_3": target = "/?/api/question/question/&id=\(bestVoted)"
        case "question_2", "question_4": target = "/?/api/question/question/&id=\(noBest)"
        case "question_5": target = "/?/api/question/question/&id=\(unanswered)"
        case "question_missing": target = "/?/api/question/question/&id=99999"
        case "question_noid": target = "/?/api/question/question/"
        case "question_1_sort_add_time": target = "/?/api/question/question/&id=\(best)&sort_key=add_time&sort=ASC"
        case "question_1_second_qmark": target = "/?/api/question/question/?id=\(best)&platform=ios"
        case "answer_detail_7":
            // The recorder had voted against this answer: vote_value is then the string "-1".
            target = "/?/api/question/answer_detail/&id=\(c.answers.first { if case .string("-1") = api.vote(viewer: viewer, answer: $0.id) { true } else { false } }!.id)"
        case let s where s.hasPrefix("answer_detail_"):
            target = "/?/api/question/answer_detail/&id=" + (s == "answer_detail_missing" ? "99999" : String(s.dropFirst("answer_detail_".count)))
        case "answer_comment_1", "answer_comment_4": target = "/api/answer_comment.php?id=\(replied)"
        case "answer_comment_none": target = "/api/answer_comment.php?id=\(quiet)"
        case "answer_comment_noid": target = "/api/answer_comment.php"
        case let s where s.hasPrefix("get_userinfo_"):
            let tail = s.dropFirst("get_userinfo_".count)
            target = "/?/api/account/get_userinfo/" + (tail == "nouid" ? "" : "&uid=" + (tail == "missing" ? "99999" : String(tail)))
        case "my_question_3_p1": target = "/api/my_question.php?uid=\(asker)&page=1"
        case "my_question_3_p9_clamped": target = "/api/my_question.php?uid=\(asker)&page=9&per_page=1"
        case "my_question_none": target = "/api/my_question.php?uid=99999&page=1"
        case "my_question_uid0": target = "/api/my_question.php?uid=0&page=1"
        case "my_answer_2_p1", "my_answer_4_p1": target = "/api/my_answer.php?uid=\(answerer)&page=1"
        case "my_answer_none": target = "/api/my_answer.php?uid=99999&page=1"
        case "my_answer_noparams": target = "/api/my_answer.php"
        case "my_focus_question_2": target = "/api/my_focus_question.php?uid=\(uid { !$0.followedQuestions.isEmpty })&page=1"
        case "my_focus_user_3": target = "/api/my_focus_user.php?uid=\(uid { !$0.following.isEmpty })&page=1"
        case "my_fans_user_2": target = "/api/my_fans_user.php?uid=\(uid { !(c.lookup.followers[$0.id] ?? []).isEmpty })&page=1"
        case "my_focus_topic_2": target = "/api/my_focus_topic.php?uid=\(uid { !$0.followedTopics.isEmpty })&page=1"
        case "topic_square_hot": target = "/?/api/topic/square/&id=hot"
        case "topic_square_hot_p2_pp3": target = "/?/api/topic/square/&id=hot&page=2&per_page=3"
        case "topic_square_focus": target = "/?/api/topic/square/&id=focus"
        case "topic_square_default": target = "/?/api/topic/square/"
        case "topic_php_4", "topic_php_4_uid2": target = "/api/topic.php?uid=1&topic_id=\(pictured)"
        case "topic_php_missing": target = "/api/topic.php?uid=1&topic_id=99999"
        case "topic_php_uid0": target = "/api/topic.php?uid=0&topic_id=\(pictured)"
        case "topic_best_answer_4": target = "/?/api/topic/topic_best_answer/&id=\(bestTopic)"
        case "topic_best_answer_4_page2": target = "/?/api/topic/topic_best_answer/&id=\(bestTopic)&page=2"
        case "topic_best_answer_6_none": target = "/?/api/topic/topic_best_answer/&id=\(plainTopic)"
        case "topic_topic_4": target = "/?/api/topic/topic/&id=\(pictured)"
        case "article_1": target = "/?/api/article/article/&id=\(commented)"
        case "article_missing": target = "/?/api/article/article/&id=99999"
        case "article_comment_1": target = "/?/api/article/comment/&id=\(commented)"
        case "article_comment_1_p2": target = "/?/api/article/comment/&id=\(commented)&page=2"
        case "home", "home_u3001_follows_editor": target = "/?/api/home/&page=0&per_page=200"
        case "search_q_404": target = "/?/api/search/&q=%E9%A3%9F%E5%A0%82&type=questions&limit=10&page=1"
        default: return nil
        }
    }
}
