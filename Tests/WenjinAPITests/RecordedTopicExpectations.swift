import Foundation
import Testing
import WenjinAPI

extension RecordedExpectations {
    static let topicsAndErrors: [String: Check] = {
        var checks: [String: Check] = [:]
        let allTopics: Check = { response in
            let page = try response.decoded(as: TopicListPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.totalRows == 8)
            #expect(ids(page.rows.map(\.id)) == [2, 3, 4, 5, 6, 7, 8, 1])
            #expect(page.rows[2].picture == "20261129/5a942d62dbfddab147f5dd110e670844_100_100.jpg")
            #expect(page.rows[2].rawDescription.hasPrefix("天津大学新校区 &amp; &quot;北洋园&quot;\r\n[b]欢迎[/b]"))
            #expect(page.rows[0].picture == nil)
            #expect(page.rows[7].title == "默认话题")
            #expect(page.isLastPage(receivedBefore: 0))
        }
        checks["topic_square_hot"] = allTopics
        checks["topic_square_default_loggedout"] = allTopics
        checks["mysqli-driver/topic_square_hot"] = allTopics
        checks["topic_square_hot_p2_pp3"] = { response in
            let page = try response.decoded(as: TopicListPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.totalRows == 8)
            #expect(ids(page.rows.map(\.id)) == [5, 6, 7])
            #expect(!page.isLastPage(receivedBefore: 3))  // 6 of 8 after page 2
            #expect(page.isLastPage(receivedBefore: 6))
        }
        checks["topic_square_focus"] = { response in
            let page = try response.decoded(as: TopicListPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.totalRows == 2)
            #expect(ids(page.rows.map(\.id)) == [2, 5])
        }

        let topic4: Check = { response in
            let topic = try response.decoded(as: TopicInfo.self)
            #expect(topic.title == "北洋园")
            #expect(topic.focusCount == 1)
            #expect(topic.picture == "20261129/5a942d62dbfddab147f5dd110e670844_100_100.jpg")
            #expect(topic.rawDescription == "天津大学新校区 &amp; &quot;北洋园&quot;\r\n[b]欢迎[/b]讨论 &lt;新校区&gt; 生活。")
        }
        checks["topic_php_4"] = topic4
        checks["topic_php_4_uid2"] = topic4
        checks["topic_php_missing"] = { response in
            do {
                let topic = try response.decoded(as: TopicInfo.self)
                Issue.record("expected not-found, decoded \(topic)")
            } catch let error as APIError {
                #expect(error.reason == .notFound(message: "话题不存在"))
            }
        }
        checks["topic_php_uid0"] = rejected(TopicInfo.self, "参数不完整")
        checks["topic_topic_4"] = { response in
            let topic = try response.decoded(as: TopicDetail.self)
            #expect(topic.id.rawValue == 4)
            #expect(topic.title == "北洋园")
            #expect(topic.urlToken == "%E5%8C%97%E6%B4%8B%E5%9B%AD")
            #expect(topic.discussCount == 2)
            #expect(topic.picture == "20261129/5a942d62dbfddab147f5dd110e670844_32_32.jpg")
            #expect(topic.descriptionHTML.contains("<strong>欢迎</strong>"))
        }

        let bestAnswers: Check = { response in
            let page = try response.decoded(as: TopicBestAnswerPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(ids(page.rows.map(\.questionID)) == [1, 3])
            #expect(page.rows.map { $0.answer?.id.rawValue } == [1, 6])
            #expect(page.rows[0].questionTitle == "北洋园校区的自习室晚上几点关门？")
            #expect(page.rows[0].answer?.agreeCount == 2)
            #expect(page.rows[0].answer?.author.id.rawValue == 2)
            #expect(page.rows[0].answer?.content.hasPrefix("33楼一般22:30清人。\r<br>[b]周末[/b]") == true)
        }
        checks["topic_best_answer_4"] = bestAnswers
        checks["mysqli-driver/topic_best_answer_4"] = bestAnswers
        checks["topic_best_answer_4_page2"] = { response in
            try bestAnswers(response)
            let page2 = try response.decoded(as: TopicBestAnswerPage.self)
            let page1 = try RecordedResponse.load("topic_best_answer_4").decoded(as: TopicBestAnswerPage.self)
            #expect(page2.repeats(page1))  // upstream ignores `page`
        }
        checks["topic_best_answer_6_none"] = { response in
            let decoded = try response.decoded(as: TopicBestAnswerPage.self)
            #expect(decoded.isEnd)
        }

        let article: Check = { response in
            let article = try response.decoded(as: ArticleDetail.self)
            #expect(article.id.rawValue == 1)
            #expect(article.title == "问津使用指南（2015 秋）&amp; 新功能")
            #expect(article.author.id.rawValue == 4)
            #expect(article.author.userName == "天外天小编")
            #expect(article.author.avatarFile == nil)
            #expect(article.signature == "天外天工作室")
            #expect(article.votes == 1)
            #expect(article.messageHTML.hasSuffix("<br><img src='http://127.0.0.1:8088/uploads/article/20261129/809bf67b5f4eb5c9b9d672d3605f466d.png'/>"))
            #expect(ids(article.topics.map(\.id)) == [2, 3])
        }
        checks["article_1"] = article
        checks["article_1_loggedout"] = article
        checks["mysqli-driver/article_1"] = article
        checks["article_missing"] = rejected(ArticleDetail.self, "文章不存在或已被删除")
        let articleComments: Check = { response in
            let page = try response.decoded(as: ArticleCommentsPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.totalRows == 3)
            #expect(ids(page.rows.map(\.id)) == [1, 2, 3])
            #expect(ids(page.rows.map(\.author.id)) == [3, 4, 2])
            #expect(page.rows[0].message == "收藏了，&quot;很有用&quot;")
            #expect(page.rows[0].votes == 1)
            #expect(page.rows[0].replyTo == nil)
            #expect(page.rows[1].replyTo?.id.rawValue == 3)
            #expect(page.rows[1].replyTo?.userName == "tju_3001")
            #expect(page.rows[2].addTime == 1795951971)
            #expect(page.isLastPage(receivedBefore: 0))
        }
        checks["article_comment_1"] = articleComments
        checks["mysqli-driver/article_comment_1"] = articleComments
        checks["article_comment_1_p2"] = { response in
            let page = try response.decoded(as: ArticleCommentsPage.self)
            #expect(page.unreadableRows.isEmpty)
            #expect(page.totalRows == 3)
            #expect(page.rows.isEmpty)
            #expect(page.isLastPage(receivedBefore: 3))
        }

        checks["search_q_404"] = { response in
            do {
                let page = try response.decoded(as: SearchPage.self)
                #expect(page.unreadableRows.isEmpty)
                Issue.record("expected a 404 error, decoded \(page)")
            } catch let error as APIError {
                #expect(error.reason == .httpStatus(404))
                #expect(error.status == 404)
                #expect(error.bodyPrefix.hasPrefix("<!doctype html>"))
                #expect(!error.isTransient)
            }
        }
        return checks
    }()
}
