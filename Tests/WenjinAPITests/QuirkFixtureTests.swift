import Foundation
import Testing
@testable import WenjinAPI

/// The quirks of docs/api.md §5 and §8, one fixture each, in WENJIN's flavor and upstream's.
@Suite struct QuirkFixtureTests {
    func decode<T: APIDecodable>(_ name: String, as type: T.Type) throws -> T {
        try RecordedResponse.fixture(name).decoded(as: type)
    }

    func error<T: APIDecodable>(_ name: String, decoding type: T.Type) throws -> APIError {
        do {
            let value = try RecordedResponse.fixture(name).decoded(as: type)
            Issue.record("expected an error, decoded \(value)")
            return APIError(.notAnEnvelope)
        } catch let error as APIError {
            return error
        }
    }

    @Test func wenjinQuestionAnswersArriveAsAnArrayWithNickNamesAndAnonymousUidMinusOne() throws {
        let question = try decode("question_wenjin_array", as: QuestionDetail.self)
        #expect(question.id.rawValue == 3521)
        #expect(question.askerID?.rawValue == 3001)
        #expect(question.isAnonymous == false)
        #expect(question.answerCount == 2)
        #expect(question.answers.map(\.id.rawValue) == [10873, 10880])
        let anonymous = question.answers[1]
        #expect(anonymous.authorID == .anonymous)
        #expect(anonymous.authorID.isAnonymous)
        #expect(anonymous.isAnonymous == true)
        #expect(anonymous.nickName == "匿名用户")
        #expect(anonymous.avatarFile == nil)
        #expect(anonymous.signature == nil)
        #expect(question.answers[0].userName == "tju_xiaobei")
        #expect(question.answers[0].addTime == 1447318820)
        #expect(question.answers[0].commentCount == 2)
        #expect(question.answers[0].contentHTML.contains("<img src='http://wenjin.in/uploads/answer/20151112/"))
    }

    @Test func answersSentAsAnObjectAreOrderedByNumericKeySoTheBestAnswerAtKeyZeroComesFirst() throws {
        let question = try decode("question_answers_object_with_best_at_key_0", as: QuestionDetail.self)
        #expect(question.answers.map(\.id.rawValue) == [21, 22, 30])  // keys 0, 2, 10 (not "10" < "2")
        #expect(question.answers.map(\.agreeCount) == [9, 0, 0])  // 0.0 read as 0
        #expect(question.topics.isEmpty)  // question_topics null
    }

    @Test func nullAnswersAndAbsentCountsReadAsEmpty() throws {
        let question = try decode("question_answers_null_and_fields_absent", as: QuestionDetail.self)
        #expect(question.answers.isEmpty)
        #expect(question.answerCount == 0)
        #expect(question.detailHTML == "")
        #expect(question.focusCount == 0)
        #expect(question.topics.isEmpty)
    }

    @Test func wenjinExploreMixesStringAndNumberFieldsAndMarksAnonymousAskers() throws {
        let page = try decode("explore_wenjin", as: ExplorePage.self)
        #expect(page.items.count == 3)
        guard case .question(let first) = page.items[0], case .question(let anonymous) = page.items[1],
              case .article(let article) = page.items[2] else { Issue.record("kinds"); return }
        // Entities stay as sent; the site decodes them once.
        #expect(first.title == "C++ &amp; Java 先学哪个？&lt;新生&gt; &quot;求助&quot; it's")
        #expect(first.isAnonymous == false)
        #expect(first.answerUsers.map(\.id.rawValue) == [1024, 2048])
        #expect(first.answerUsers.map(\.nickName) == ["小北", "天外天小编"])
        #expect(first.asker?.nickName == "自习党")
        #expect(anonymous.id.rawValue == 3600)
        #expect(anonymous.isAnonymous == true)
        #expect(anonymous.asker?.isAnonymous == true)
        #expect(anonymous.askerID == .anonymous)
        #expect(anonymous.topics.isEmpty)  // topics null
        #expect(anonymous.answerUsers.isEmpty)  // answer_users absent
        #expect(anonymous.viewCount == 3)
        #expect(article.id.rawValue == 96)
        #expect(article.viewCount == 402)
        #expect(article.topics.isEmpty)  // topics absent
    }

    @Test func answerUsersKeyedByUidKeepTheOrderTheServerSent() throws {
        let page = try decode("explore_answer_users_keyed_by_uid", as: ExplorePage.self)
        guard case .question(let question) = page.items.first else { Issue.record("question"); return }
        #expect(question.answerUsers.map(\.id.rawValue) == [2048, 1024])
    }

    @Test func anExplorePageWithStringZeroTotalAndNullRowsIsTheEnd() throws {
        #expect(try decode("explore_end_rows_null", as: ExplorePage.self).isEnd)
    }

    @Test func answerCommentsSentAsAKeyedObjectOrAnEmptyArrayAreRead() throws {
        let comments = try decode("answer_comments_wenjin_keyed_object", as: AnswerCommentList.self).comments
        #expect(comments.map(\.id.rawValue) == [771, 774])
        #expect(comments[1].author.nickName == "小北(作者)")
        #expect(comments[1].replyTo?.nickName == "自习党")
        #expect(comments[0].content == "谢谢！&lt;3")
        #expect(try decode("answer_comments_empty_array", as: AnswerCommentList.self).comments.isEmpty)
    }

    @Test func standAloneListsWithNumbersInsteadOfStringsAreRead() throws {
        let page = try decode("user_list_numbers", as: UserAnswersPage.self)
        #expect(page.totalRows == 23)
        #expect(page.rows.first?.id.rawValue == 10873)
        #expect(page.rows.first?.questionTitle == "")
        #expect(page.rows.first?.rawContent == "[b]周末[/b]\r\n[attach]4410[/attach]")
        #expect(!page.isLastPage(receivedBefore: 0))
        #expect(page.isLastPage(receivedBefore: 22))
    }

    @Test func aStringPayloadWhereAnObjectBelongsIsNotFound() throws {
        let error = try error("rsm_string_on_question", decoding: QuestionDetail.self)
        #expect(error.reason == .notFound(message: "问题不存在或已被删除"))
        #expect(error.url == "fixture:rsm_string_on_question")
    }

    @Test func anEmptyArrayPayloadIsAnEmptyObjectToPHP() throws {
        let body = Data(#"{"rsm":[],"errno":1,"err":null}"#.utf8)
        let response = APIResponse(url: "test", status: 200, body: body)
        #expect(try response.decoded(as: ExplorePage.self).isEnd)
        #expect(try response.decoded(as: UserQuestionsPage.self).totalRows == 0)
        #expect(throws: APIError.self) { try response.decoded(as: QuestionDetail.self) }
    }

    @Test func errnoMinusOneAsAStringStillCarriesTheMessage() throws {
        let error = try error("errno_as_string", decoding: HomePage.self)
        #expect(error.reason == .rejected(message: "会话超时, 请重新登录"))
        #expect(!error.isTransient)
    }

    @Test func wenjinHomeItemsCarryTopicInfoAndAnonymousActors() throws {
        let page = try decode("home_wenjin", as: HomePage.self)
        #expect(page.items.map(\.historyID.rawValue) == [88213, 88190])
        #expect(page.items[0].topic == TopicReference(id: RemoteTopicID(57), title: "北洋园"))
        #expect(page.items[0].answer?.content == "33楼<br>[b]周末[/b]")
        #expect(page.items[0].question?.id.rawValue == 3521)
        #expect(page.items[1].actor?.isAnonymous == true)
        #expect(page.items[1].article?.title == "指南")
    }

    @Test func wenjinBestAnswerRowsWithoutAnAnswerHaveNoAnswer() throws {
        let page = try decode("best_answers_wenjin_with_unanswered_row", as: TopicBestAnswerPage.self)
        #expect(page.rows.map(\.questionID.rawValue) == [3521, 3600])
        #expect(page.rows[0].answer?.author.nickName == "小北")
        #expect(page.rows[1].answer == nil)
    }

    @Test func searchResultsAndTheirEndAreRead() throws {
        let page = try decode("search_wenjin", as: SearchPage.self)
        #expect(page.results.map(\.searchID) == [3521, 57])
        #expect(page.results.map(\.type) == ["questions", "topics"])
        #expect(page.results[0].url == "http://wenjin.in/?/question/3521")
        #expect(try decode("search_end", as: SearchPage.self).isEnd)
    }

    @Test func wenjinLoginAndAnonymousAnswerDetailCarryTheirExtraFields() throws {
        let login = try decode("login_wenjin", as: LoginResult.self)
        #expect(login.user.id.rawValue == 1024)
        #expect(login.user.nickName == "小北")
        #expect(login.signature == "建筑学院 大三")
        let answer = try decode("answer_detail_wenjin_anonymous", as: AnswerDetail.self)
        #expect(answer.authorID.isAnonymous)
        #expect(answer.isAnonymous == true)
        #expect(answer.nickName == "匿名用户")
        #expect(answer.avatarFile == nil)
    }

    @Test func wenjinArticleCommentsWithoutAtUserInfoStillKnowTheReplyTarget() throws {
        let page = try decode("article_comments_wenjin", as: ArticleCommentsPage.self)
        #expect(page.rows.map(\.id.rawValue) == [301, 305])
        #expect(page.rows[0].replyTo == nil)  // at_uid "0"
        #expect(page.rows[1].replyTo?.id.rawValue == 3001)
        #expect(page.rows[1].author.nickName == "天外天小编")
    }

    @Test func anUnreadableAnswerBecomesAnErrorNamingItsPathWhileTheQuestionIsKept() throws {
        let question = try decode("unreadable_answer_id", as: QuestionDetail.self)
        #expect(question.id.rawValue == 1)
        #expect(question.answers.isEmpty)
        let error = try #require(question.unreadableAnswers.first)
        guard case .unreadableField(let path, let problem) = error.reason else { Issue.record("\(error)"); return }
        #expect(path == "rsm.answers[0].answer_id")
        #expect(problem.contains("\"abc\""))
        #expect(error.url == "fixture:unreadable_answer_id")
        #expect(error.bodyPrefix.hasPrefix("{\"rsm\":{\"question_info\""))
    }

    @Test func oneOddRowOfAPageIsReportedAndTheOtherRowsAreKept() throws {
        let page = try decode("explore_one_unreadable_row", as: ExplorePage.self)
        #expect(page.items.map(\.postID) == ["q11", "a12"])
        #expect(page.unreadableRows.map(\.reason) == [
            .unreadableField(path: "rsm.rows[1].question_id", problem: "expected a number, got object of 1 keys"),
            .unreadableField(path: "rsm.rows[2]", problem: "expected an object, got string \"not an object\""),
        ])
        #expect(!page.isEnd)
    }

    @Test func anUnreadableItemThatIsNotPartOfAListFailsTheWholeResponse() throws {
        let error = try error("unreadable_question_info", decoding: QuestionDetail.self)
        #expect(error.reason == .unreadableField(path: "rsm.question_info", problem: "missing"))
    }

    @Test func aTruncatedBodyIsNotJSONAndWorthRetrying() throws {
        let error = try error("truncated_body", decoding: ExplorePage.self)
        guard case .notJSON = error.reason else { Issue.record("\(error)"); return }
        #expect(error.isTransient)
        #expect(error.status == 200)
    }

    @Test func jsonThatIsNotTheEnvelopeIsReportedAsSuch() throws {
        #expect(try error("not_an_envelope", decoding: ExplorePage.self).reason == .notAnEnvelope)
    }

    @Test func theContentTypeIsNotChecked() throws {
        let body = try RecordedResponse.fixture("search_end").body
        for type in ["text/html; charset=UTF-8", "application/json", "text/plain"] {
            let response = APIResponse(url: "x", status: 200, headers: ["Content-Type": type], body: body)
            #expect(try response.decoded(as: SearchPage.self).isEnd)
        }
    }

    @Test func serverErrorsAreTransientAndCarryTheStatus() {
        let response = APIResponse(url: "http://h/?/api/explore/", status: 503, headers: ["Retry-After": "7"], body: Data("busy".utf8))
        do {
            _ = try response.decoded(as: ExplorePage.self)
            Issue.record("a 503 must not decode")
        } catch {
            #expect(error.reason == .httpStatus(503))
            #expect(error.isTransient)
            #expect(error.bodyPrefix == "busy")
            #expect(response.retryAfter == "7")
        }
    }
}
