import Foundation
import Testing
@testable import WenjinAPI

extension RecordedExpectations {
    static let people: [String: Check] = {
        var checks: [String: Check] = [:]
        let login: Check = { response in
            let login = try response.decoded(as: LoginResult.self)
            #expect(login.user.id.rawValue == 2)
            #expect(login.user.userName == "小北同学")
            #expect(login.user.avatarFile == "000/00/00/02_avatar_max.jpg")
        }
        checks["login_process"] = login
        checks["mysqli-driver/login_process"] = login
        checks["login_process_bad_password"] = rejected(LoginResult.self, "请输入正确的帐号或密码")

        let profiles: [(String, String, [Int], String?)] = [
            // name, user name, [fans, friends, questions, answers, topics, agrees], signature
            ("get_userinfo_1", "admin", [3, 0, 1, 1, 6, 0], nil),
            ("get_userinfo_2", "小北同学", [2, 2, 1, 3, 2, 2], "建筑学院 大三 &amp; &quot;小北&quot;"),
            ("get_userinfo_2_loggedout", "小北同学", [2, 2, 1, 3, 2, 2], "建筑学院 大三 &amp; &quot;小北&quot;"),
            ("mysqli-driver/get_userinfo_2", "小北同学", [2, 2, 1, 3, 2, 2], "建筑学院 大三 &amp; &quot;小北&quot;"),
            ("get_userinfo_3", "tju_3001", [1, 2, 2, 2, 1, 2], nil),
            ("get_userinfo_4", "天外天小编", [0, 2, 1, 2, 1, 1], "天外天工作室"),
        ]
        for (name, userName, counts, signature) in profiles {
            checks[name] = { response in
                let user = try response.decoded(as: UserProfile.self)
                #expect(user.userName == userName)
                #expect([user.fansCount, user.friendCount, user.questionCount, user.answerCount,
                         user.topicFocusCount, user.agreeCount] == counts)
                #expect(user.signature == signature)
                #expect(user.thanksCount == 0)
            }
        }
        checks["get_userinfo_missing"] = rejected(UserProfile.self, "用户不存在")
        checks["get_userinfo_nouid"] = rejected(UserProfile.self, "参数不完整")

        checks["my_question_3_p1"] = { response in
            let page = try response.decoded(as: UserQuestionsPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.totalRows == 2)
            #expect(ids(page.rows.map(\.id)) == [4, 1])
            #expect(page.rows[1].rawDetail == "想知道33楼和45楼的情况。\r\n另外周末开不开？")
            #expect(page.rows[1].addTime == 1795951919)
            #expect(page.isLastPage(receivedBefore: 0))
        }
        checks["my_question_3_p9_clamped"] = { response in
            let page = try response.decoded(as: UserQuestionsPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.totalRows == 2)
            #expect(ids(page.rows.map(\.id)) == [1])  // page 9 of 2 repeats the last page
            #expect(page.isLastPage(receivedBefore: 1))
            let firstPage = try RecordedResponse.load("my_question_3_p1").decoded(as: UserQuestionsPage.self)
            #expect(!page.repeats(firstPage))
            #expect(page.repeats(UserQuestionsPage(totalRows: 2, rows: page.rows)))
        }
        let noQuestions: Check = { response in
            let page = try response.decoded(as: UserQuestionsPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.totalRows == 0)
            #expect(page.rows.isEmpty)
            #expect(page.isLastPage(receivedBefore: 0))
        }
        checks["my_question_none"] = noQuestions
        checks["my_question_uid0"] = rejected(UserQuestionsPage.self, "参数不完整")
        checks["my_answer_2_p1"] = { response in
            let page = try response.decoded(as: UserAnswersPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.totalRows == 3)
            #expect(ids(page.rows.map(\.id)) == [8, 6, 1])
            #expect(ids(page.rows.map(\.questionID)) == [4, 3, 1])
            #expect(page.rows[2].rawContent == "33楼一般22:30清人。\r\n[b]周末[/b]照常开放。\r\n[attach]2[/attach]")
            #expect(page.rows[2].questionTitle == "北洋园校区的自习室晚上几点关门？")
            #expect(page.rows[2].agreeCount == 2)
        }
        checks["my_answer_4_p1"] = { response in
            let page = try response.decoded(as: UserAnswersPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.totalRows == 2)
            #expect(ids(page.rows.map(\.id)) == [5, 2])
            #expect(page.rows[0].avatarFile == nil)
            #expect(page.rows[0].questionTitle == "C++ &amp; Java 先学哪个？&lt;大一新生&gt;")
        }
        checks["my_answer_none"] = { response in
            let page = try response.decoded(as: UserAnswersPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.totalRows == 0 && page.rows.isEmpty)
        }
        checks["my_answer_noparams"] = rejected(UserAnswersPage.self, "参数不完整")
        checks["my_focus_question_2"] = { response in
            let page = try response.decoded(as: FollowedQuestionsPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.totalRows == 2)
            #expect(ids(page.rows.map(\.id)) == [1, 2])
            #expect(page.rows.map(\.answerCount) == [3, 2])
        }
        checks["my_focus_user_3"] = { response in
            let page = try response.decoded(as: FollowUsersPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(ids(page.rows.map(\.user.id)) == [1, 2])
            #expect(page.rows[0].signature == nil)
            #expect(page.rows[1].user.avatarFile == "000/00/00/02_avatar_max.jpg")
        }
        checks["my_fans_user_2"] = { response in
            let page = try response.decoded(as: FollowUsersPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.totalRows == 2)
            #expect(ids(page.rows.map(\.user.id)) == [3, 4])
            #expect(page.rows.map(\.signature) == [nil, "天外天工作室"])
        }
        checks["my_focus_topic_2"] = { response in
            let page = try response.decoded(as: TopicListPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(ids(page.rows.map(\.id)) == [2, 5])
            #expect(page.rows.map(\.title) == ["问津", "自习"])
        }

        let home: Check = { response in
            let page = try response.decoded(as: HomePage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(!page.isEnd)
            #expect(ids(page.items.map(\.historyID)) == [35, 23, 19, 9])
            #expect(page.items.map(\.action) == [502, 201, 201, 101])
            #expect(page.items[0].article?.id.rawValue == 1)
            #expect(page.items[1].answer?.id.rawValue == 7)
            #expect(page.items[1].answer?.content == "我觉得一般般。\r<br>[list][*]太咸[*]排队久[/list]")
            #expect(page.items[1].question?.id.rawValue == 3)
            #expect(page.items[3].actor?.userName == "admin")
            #expect(page.items[3].answer == nil)
        }
        checks["home_loggedin"] = home
        checks["mysqli-driver/home"] = home
        checks["home_u3001_follows_editor"] = { response in
            let page = try response.decoded(as: HomePage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(ids(page.items.map(\.historyID)) == [63, 33, 25, 19, 9, 3])
            #expect(page.items[1].action == 204)
            #expect(page.items[1].answer?.agreeCount == 2)
        }
        checks["home_loggedout"] = rejected(HomePage.self, "请先登录或注册")
        return checks
    }()
}
