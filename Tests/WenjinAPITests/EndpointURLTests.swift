import Foundation
import Testing
@testable import WenjinAPI

@Suite struct EndpointURLTests {
    let base = APIBaseURL("http://wenjin.in")!

    func url<R>(_ endpoint: Endpoint<R>) -> String { endpoint.url(relativeTo: base).absoluteString }

    @Test func routedEndpointsKeepTheTrailingSlashAndAppendParametersWithAmpersands() {
        #expect(url(.home(page: 0)) == "http://wenjin.in/?/api/home/&page=0&per_page=20")
        #expect(url(.explore(page: 1)) == "http://wenjin.in/?/api/explore/&page=1&per_page=10&sort_type=new")
        #expect(url(.explore(page: 2, perPage: 50, sort: .hot(days: 30)))
                == "http://wenjin.in/?/api/explore/&page=2&per_page=50&sort_type=hot&day=30")
        #expect(url(.explore(page: 1, sort: .unresponsive))
                == "http://wenjin.in/?/api/explore/&page=1&per_page=10&sort_type=unresponsive")
        #expect(url(.question(RemoteQuestionID(3521))) == "http://wenjin.in/?/api/question/question/&id=3521")
        #expect(url(.question(RemoteQuestionID(3521), answerPage: 2))
                == "http://wenjin.in/?/api/question/question/&id=3521&page=2")
        #expect(url(.answer(RemoteAnswerID(10873))) == "http://wenjin.in/?/api/question/answer_detail/&id=10873")
        #expect(url(.user(RemoteUserID(1024))) == "http://wenjin.in/?/api/account/get_userinfo/&uid=1024")
        #expect(url(.topicSquare(page: 1)) == "http://wenjin.in/?/api/topic/square/&id=hot&page=1&per_page=10")
        #expect(url(.topicSquare(.focus, page: 2, perPage: 3))
                == "http://wenjin.in/?/api/topic/square/&id=focus&page=2&per_page=3")
        #expect(url(.topicBestAnswers(RemoteTopicID(57), page: 1))
                == "http://wenjin.in/?/api/topic/topic_best_answer/&id=57&page=1")
        #expect(url(.topicDetail(RemoteTopicID(4))) == "http://wenjin.in/?/api/topic/topic/&id=4")
        #expect(url(.article(RemoteArticleID(96))) == "http://wenjin.in/?/api/article/article/&id=96")
        #expect(url(.articleComments(RemoteArticleID(96), page: 1)) == "http://wenjin.in/?/api/article/comment/&id=96&page=1")
        #expect(url(.search("食堂", type: .questions, page: 1))
                == "http://wenjin.in/?/api/search/&q=%E9%A3%9F%E5%A0%82&type=questions&limit=10&page=1")
    }

    @Test func standAloneScriptsUseAnOrdinaryQueryString() {
        #expect(url(.answerComments(RemoteAnswerID(10873))) == "http://wenjin.in/api/answer_comment.php?id=10873")
        #expect(url(.userQuestions(RemoteUserID(3), page: 1)) == "http://wenjin.in/api/my_question.php?uid=3&page=1&per_page=10")
        #expect(url(.userAnswers(RemoteUserID(2), page: 3, perPage: 20))
                == "http://wenjin.in/api/my_answer.php?uid=2&page=3&per_page=20")
        #expect(url(.followedQuestions(RemoteUserID(2), page: 1))
                == "http://wenjin.in/api/my_focus_question.php?uid=2&page=1&per_page=10")
        #expect(url(.following(RemoteUserID(3), page: 1)) == "http://wenjin.in/api/my_focus_user.php?uid=3&page=1&per_page=10")
        #expect(url(.followers(RemoteUserID(2), page: 1)) == "http://wenjin.in/api/my_fans_user.php?uid=2&page=1&per_page=10")
        #expect(url(.followedTopics(RemoteUserID(2), page: 1))
                == "http://wenjin.in/api/my_focus_topic.php?uid=2&page=1&per_page=10")
        #expect(url(.topic(RemoteTopicID(4))) == "http://wenjin.in/api/topic.php?uid=1&topic_id=4")
        #expect(url(.topic(RemoteTopicID(4), viewer: RemoteUserID(2))) == "http://wenjin.in/api/topic.php?uid=2&topic_id=4")
    }

    @Test func loginPostsTheCredentialsAsAPercentEncodedForm() {
        let login = Endpoint.login(userName: "小北 同学", password: "p&ss=w+rd%")
        #expect(login.method == .post)
        #expect(url(login) == "http://wenjin.in/?/api/account/login_process/")
        #expect(String(decoding: login.formBody, as: UTF8.self)
                == "user_name=%E5%B0%8F%E5%8C%97%20%E5%90%8C%E5%AD%A6&password=p%26ss%3Dw%2Brd%25")
    }

    @Test func parametersThatCouldBreakTheRouteArePercentEncoded() {
        let endpoint = Endpoint.search("a&b=c?d#e/f g", type: .users, page: 1)
        #expect(url(endpoint) == "http://wenjin.in/?/api/search/&q=a%26b%3Dc%3Fd%23e%2Ff%20g&type=users&limit=10&page=1")
    }

    @Test func anyBaseWorksWithOrWithoutTrailingSlashPortOrSubPath() throws {
        let question = Endpoint.question(RemoteQuestionID(1))
        let bases = [
            ("http://127.0.0.1:8088", "http://127.0.0.1:8088/?/api/question/question/&id=1"),
            ("http://127.0.0.1:8088/", "http://127.0.0.1:8088/?/api/question/question/&id=1"),
            ("http://localhost:9/wenjin", "http://localhost:9/wenjin/?/api/question/question/&id=1"),
            ("https://example.org/a/b/", "https://example.org/a/b/?/api/question/question/&id=1"),
            ("http://wenjin.in/index.php", "http://wenjin.in/?/api/question/question/&id=1"),
        ]
        for (text, expected) in bases {
            let base = try #require(APIBaseURL(text), "\(text)")
            #expect(question.url(relativeTo: base).absoluteString == expected)
        }
        let comments = Endpoint.answerComments(RemoteAnswerID(5))
        #expect(comments.url(relativeTo: APIBaseURL("http://h:1/sub")!).absoluteString == "http://h:1/sub/api/answer_comment.php?id=5")
    }

    @Test func basesThatCannotCarryTheAPIAreRefused() {
        for text in ["", "wenjin.in", "ftp://wenjin.in/", "http://", "http://wenjin.in/?/api/", "http://wenjin.in/#top"] {
            #expect(APIBaseURL(text) == nil, "\(text)")
        }
    }

    @Test func siteRelativePathsResolveUnderTheBase() {
        let base = APIBaseURL("http://127.0.0.1:8088/sub")!
        #expect(base.resolving("uploads/avatar/000/00/00/02_avatar_max.jpg")?.absoluteString
                == "http://127.0.0.1:8088/sub/uploads/avatar/000/00/00/02_avatar_max.jpg")
    }
}
