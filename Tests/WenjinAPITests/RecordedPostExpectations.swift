import Foundation
import Testing
import WenjinAPI

extension RecordedExpectations {
    static let posts: [String: Check] = {
        var checks: [String: Check] = [:]
        let exploreNew: Check = { response in
            let page = try response.decoded(as: ExplorePage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(!page.isEnd)
            #expect(page.items.count == 6)
            guard case .article(let article) = page.items.first else { Issue.record("article first"); return }
            #expect(article.id.rawValue == 1)
            #expect(article.title == "问津使用指南（2015 秋）&amp; 新功能")
            #expect(article.commentCount == 3)
            #expect(article.addTime == 1795951967)
            #expect(article.author?.userName == "天外天小编")
            #expect(ids(article.topics.map(\.id)) == [2, 3])
            let questions = page.items.compactMap { item -> ExploreQuestion? in
                if case .question(let question) = item { return question } else { return nil }
            }
            #expect(ids(questions.map(\.id)) == [4, 3, 2, 1, 5])
            #expect(questions[2].title == "C++ &amp; Java 先学哪个？&lt;大一新生&gt;")
            #expect(questions[2].updateTime == 1795951942)
            #expect(questions[2].askerID?.rawValue == 2)
            #expect(questions[2].asker?.avatarFile == "000/00/00/02_avatar_max.jpg")
            // answer_users arrives keyed by uid, most-agreed first: the order sent is kept.
            #expect(ids(questions[3].answerUsers.map(\.id)) == [2, 1])
            #expect(ids(questions[1].answerUsers.map(\.id)) == [2, 3])
            #expect(questions[3].answerCount == 3)
            #expect(questions[4].answerUsers.isEmpty)  // "0" (PDO) or 0 (MySQLi)
            #expect(questions[4].answerCount == 0)
            #expect(questions[0].asker?.avatarFile == nil)  // "" means none
        }
        checks["explore_new_p1"] = exploreNew
        checks["explore_new_p1_loggedout"] = exploreNew
        checks["mysqli-driver/explore_new_p1"] = exploreNew
        let emptyExplore: Check = { response in
            let page = try response.decoded(as: ExplorePage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.isEnd)
        }
        checks["explore_new_p2_empty"] = emptyExplore
        checks["explore_recommend"] = emptyExplore
        checks["explore_new_perpage2_p2"] = { response in
            let page = try response.decoded(as: ExplorePage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.items.map(\.postID) == ["q3", "q2"])
        }
        checks["explore_hot"] = { response in
            let page = try response.decoded(as: ExplorePage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.items.map(\.postID) == ["q1", "q2", "q3", "q4", "q5", "a1"])
        }
        checks["explore_unresponsive"] = { response in
            let decoded = try response.decoded(as: ExplorePage.self)
            #expect(decoded.items.map(\.postID) == ["q5"])
        }

        let question1: Check = { response in
            let question = try response.decoded(as: QuestionDetail.self)
            #expect(question.unreadableAnswers.isEmpty)
            #expect(question.id.rawValue == 1)
            #expect(question.title == "北洋园校区的自习室晚上几点关门？")
            #expect(question.detailHTML == "想知道33楼和45楼的情况。<br />\r\n另外周末开不开？")
            #expect(question.focusCount == 2)
            #expect(question.answerCount == 3)
            #expect(!question.hasMoreAnswerPages)
            #expect(ids(question.answers.map(\.id)) == [1, 2, 3])
            #expect(ids(question.answers.map(\.authorID)) == [2, 4, 1])
            #expect(question.answers[0].agreeCount == 2)
            #expect(question.answers[0].avatarFile == "000/00/00/02_avatar_max.jpg")
            #expect(question.answers[0].signature == "建筑学院 大三 &amp; &quot;小北&quot;")
            #expect(question.answers[0].contentHTML.hasSuffix("01acd12ef4c49d1b78e5c75ada18c642.jpg'/>"))
            #expect(question.answers[1].avatarFile == nil)
            #expect(question.answers[0].userName == nil)  // upstream never sends it here
            #expect(question.answers[2].contentHTML.contains("id=1&amp;from=wenjin"))
            #expect(ids(question.topics.map(\.id)) == [4, 5])
        }
        for name in ["question_1_loggedin", "question_1_loggedout", "question_1_sort_add_time",
                     "question_1_second_qmark", "mysqli-driver/question_1"] {
            checks[name] = question1
        }
        let question2: Check = { response in
            let question = try response.decoded(as: QuestionDetail.self)
            #expect(question.unreadableAnswers.isEmpty)
            #expect(question.title == "C++ &amp; Java 先学哪个？&lt;大一新生&gt;")
            #expect(question.detailHTML.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
            #expect(question.answerCount == 2)
            #expect(ids(question.answers.map(\.id)) == [4, 5])  // sent as {"1":…,"2":…}
            #expect(question.answers[0].signature == nil)
            #expect(ids(question.topics.map(\.id)) == [6, 3])
        }
        checks["question_2_loggedin"] = question2
        checks["question_2_loggedout"] = question2
        let question3: Check = { response in
            let question = try response.decoded(as: QuestionDetail.self)
            #expect(question.unreadableAnswers.isEmpty)
            #expect(question.detailHTML.contains("/uploads/questions/20261129/8389cccd9faf6136bf90115b8701f5c6.jpg"))
            #expect(ids(question.answers.map(\.id)) == [6, 7])
            #expect(question.answers[1].contentHTML == "我觉得一般般。<br />\r\n<ul>[*]太咸[*]排队久</ul>")
        }
        checks["question_3_loggedin"] = question3
        checks["question_3_loggedout"] = question3
        let question4: Check = { response in
            let question = try response.decoded(as: QuestionDetail.self)
            #expect(question.unreadableAnswers.isEmpty)
            #expect(question.title == "图书馆可以带外卖进去吗？")
            #expect(ids(question.answers.map(\.id)) == [8])
            #expect(question.answers[0].authorID.rawValue == 2)
        }
        checks["question_4_loggedin"] = question4
        checks["question_4_loggedout"] = question4
        let question5: Check = { response in
            let question = try response.decoded(as: QuestionDetail.self)
            #expect(question.unreadableAnswers.isEmpty)
            #expect(question.answers.isEmpty)
            #expect(question.answerCount == 0)
            #expect(question.detailHTML == "")
        }
        checks["question_5_loggedin"] = question5
        checks["question_5_loggedout"] = question5
        checks["question_missing"] = rejected(QuestionDetail.self, "问题不存在或已被删除")
        checks["question_noid"] = rejected(QuestionDetail.self, "错误请求,缺少问题id")

        let answer1: Check = { response in
            let answer = try response.decoded(as: AnswerDetail.self)
            #expect(answer.id.rawValue == 1)
            #expect(answer.questionID.rawValue == 1)
            #expect(answer.addTime == 1795951938)
            #expect(answer.commentCount == 3)
            #expect(answer.agreeCount == 2)
            #expect(answer.authorID.rawValue == 2)
            #expect(answer.userName == "小北同学")
            #expect(answer.signature == "建筑学院 大三 &amp; &quot;小北&quot;")
            #expect(answer.contentHTML.hasPrefix("33楼一般22:30清人。<br />\r\n<strong>周末</strong>"))
        }
        checks["answer_detail_1"] = answer1
        checks["mysqli-driver/answer_detail_1"] = answer1
        for (name, id, question, author, signature) in [("answer_detail_2", 2, 1, 4, "天外天工作室"), ("answer_detail_4", 4, 2, 3, nil),
                                                        ("answer_detail_5", 5, 2, 4, "天外天工作室"), ("answer_detail_7", 7, 3, 3, nil)] {
            checks[name] = { response in
                let answer = try response.decoded(as: AnswerDetail.self)
                #expect(answer.id.rawValue == id)
                #expect(answer.questionID.rawValue == question)
                #expect(answer.authorID.rawValue == author)
                #expect(answer.avatarFile == nil)
                #expect(answer.signature == signature)
            }
        }
        checks["answer_detail_missing"] = rejected(AnswerDetail.self, "回答不存在")

        checks["answer_comment_1"] = { response in
            let comments = try response.decoded(as: AnswerCommentList.self).comments
            #expect(ids(comments.map(\.id)) == [1, 2, 3])
            #expect(ids(comments.map(\.author.id)) == [3, 2, 4])
            #expect(comments[0].replyTo == nil)
            #expect(comments[1].replyTo?.id.rawValue == 3)
            #expect(comments[1].replyTo?.userName == "tju_3001")
            #expect(comments[2].content == "收藏了 &lt;3 &amp; 感谢")
            #expect(comments[2].addTime == 1795951952)
        }
        checks["answer_comment_4"] = { response in
            let comments = try response.decoded(as: AnswerCommentList.self).comments
            #expect(ids(comments.map(\.id)) == [4])
            #expect(comments[0].replyTo?.id.rawValue == 3)
        }
        checks["answer_comment_none"] = { response in
            let decoded = try response.decoded(as: AnswerCommentList.self)
            #expect(decoded.comments.isEmpty)
        }
        checks["answer_comment_noid"] = rejected(AnswerCommentList.self, "参数不完整")
        return checks
    }()
}

extension ExplorePage.Item {
    /// "q3" or "a1", to compare list orders in one line.
    var postID: String {
        switch self {
        case .question(let question): return "q\(question.id)"
        case .article(let article): return "a\(article.id)"
        }
    }
}
