/// Every read endpoint of docs/api.md §2 and login (§1.4), with the parameters the real
/// server reads. Page numbers are sent as given; see each response type for how lists end.

extension Endpoint where Response == LoginResult {
    /// `POST ?/api/account/login_process/` with the form fields `user_name` and `password`.
    package static func login(userName: String, password: String) -> Self {
        Self(.routed(controller: "account", action: "login_process"), method: .post,
             form: [Parameter("user_name", userName), Parameter("password", password)])
    }
}

extension Endpoint where Response == HomePage {
    /// §2.1; `page` counts from 0.
    package static func home(page: Int, perPage: Int = 20) -> Self {
        Self(.routed(controller: "home", action: nil),
             query: [Parameter("page", String(page)), Parameter("per_page", String(perPage))])
    }
}

/// The orders of the explore list.
package enum ExploreSort: Sendable, Hashable {
    /// Every question and article by last update, newest first: the one to crawl.
    case new
    /// By popularity, only posts added in the last `days` days.
    case hot(days: Int)
    /// Posts without answers, newest first.
    case unresponsive
}

extension Endpoint where Response == ExplorePage {
    /// §2.2; `page` counts from 1.
    package static func explore(page: Int, perPage: Int = 10, sort: ExploreSort = .new) -> Self {
        var query = [Parameter("page", String(page)), Parameter("per_page", String(perPage))]
        switch sort {
        case .new: query.append(Parameter("sort_type", "new"))
        case .hot(let days): query += [Parameter("sort_type", "hot"), Parameter("day", String(days))]
        case .unresponsive: query.append(Parameter("sort_type", "unresponsive"))
        }
        return Self(.routed(controller: "explore", action: nil), query: query)
    }
}

extension Endpoint where Response == QuestionDetail {
    /// §2.3; answers come 100 a page, `answerPage` counts from 1 and is sent only past page 1.
    package static func question(_ id: RemoteQuestionID, answerPage: Int = 1) -> Self {
        var query = [Parameter("id", id.description)]
        if answerPage > 1 { query.append(Parameter("page", String(answerPage))) }
        return Self(.routed(controller: "question", action: "question"), query: query)
    }
}

extension Endpoint where Response == AnswerDetail {
    /// §2.4.
    package static func answer(_ id: RemoteAnswerID) -> Self {
        Self(.routed(controller: "question", action: "answer_detail"), query: [Parameter("id", id.description)])
    }
}

extension Endpoint where Response == AnswerCommentList {
    /// §2.5: all comments at once.
    package static func answerComments(_ answer: RemoteAnswerID) -> Self {
        Self(.script(name: "answer_comment"), query: [Parameter("id", answer.description)])
    }
}

extension Endpoint where Response == UserProfile {
    /// §2.6.
    package static func user(_ id: RemoteUserID) -> Self {
        Self(.routed(controller: "account", action: "get_userinfo"), query: [Parameter("uid", id.description)])
    }
}

extension Endpoint {
    /// The stand-alone user lists of §2.7–§2.11; `page` counts from 1.
    fileprivate static func userList(_ script: String, _ user: RemoteUserID, page: Int, perPage: Int) -> Self {
        Self(.script(name: script), query: [Parameter("uid", user.description), Parameter("page", String(page)),
                                           Parameter("per_page", String(perPage))])
    }
}

extension Endpoint where Response == UserQuestionsPage {
    /// §2.7 `api/my_question.php`.
    package static func userQuestions(_ user: RemoteUserID, page: Int, perPage: Int = 10) -> Self {
        userList("my_question", user, page: page, perPage: perPage)
    }
}

extension Endpoint where Response == UserAnswersPage {
    /// §2.8 `api/my_answer.php`.
    package static func userAnswers(_ user: RemoteUserID, page: Int, perPage: Int = 10) -> Self {
        userList("my_answer", user, page: page, perPage: perPage)
    }
}

extension Endpoint where Response == FollowedQuestionsPage {
    /// §2.9 `api/my_focus_question.php`.
    package static func followedQuestions(_ user: RemoteUserID, page: Int, perPage: Int = 10) -> Self {
        userList("my_focus_question", user, page: page, perPage: perPage)
    }
}

extension Endpoint where Response == FollowUsersPage {
    /// §2.10 `api/my_focus_user.php`: the users `user` follows.
    package static func following(_ user: RemoteUserID, page: Int, perPage: Int = 10) -> Self {
        userList("my_focus_user", user, page: page, perPage: perPage)
    }

    /// §2.10 `api/my_fans_user.php`: the users who follow `user`.
    package static func followers(_ user: RemoteUserID, page: Int, perPage: Int = 10) -> Self {
        userList("my_fans_user", user, page: page, perPage: perPage)
    }
}

/// The lists of the topic square. (`today` is broken upstream and left out.)
package enum TopicSquareList: String, Sendable {
    /// Every topic, most discussed first: the one to crawl.
    case hot
    /// The logged-in user's topics.
    case focus
}

extension Endpoint where Response == TopicListPage {
    /// §2.11 `api/my_focus_topic.php`.
    package static func followedTopics(_ user: RemoteUserID, page: Int, perPage: Int = 10) -> Self {
        userList("my_focus_topic", user, page: page, perPage: perPage)
    }

    /// §2.12 `?/api/topic/square/`; `page` counts from 1.
    package static func topicSquare(_ list: TopicSquareList = .hot, page: Int, perPage: Int = 10) -> Self {
        Self(.routed(controller: "topic", action: "square"),
             query: [Parameter("id", list.rawValue), Parameter("page", String(page)), Parameter("per_page", String(perPage))])
    }
}

extension Endpoint where Response == TopicInfo {
    /// §2.13 `api/topic.php`. The script insists on a non-zero `uid` (only used for the
    /// viewer's follow flag), so any existing user will do.
    package static func topic(_ id: RemoteTopicID, viewer: RemoteUserID = RemoteUserID(1)) -> Self {
        Self(.script(name: "topic"), query: [Parameter("uid", viewer.description), Parameter("topic_id", id.description)])
    }
}

extension Endpoint where Response == TopicDetail {
    /// §2.13's alternative `?/api/topic/topic/`: `id` may be a topic id, title or url token.
    package static func topicDetail(_ id: RemoteTopicID) -> Self {
        Self(.routed(controller: "topic", action: "topic"), query: [Parameter("id", id.description)])
    }
}

extension Endpoint where Response == TopicBestAnswerPage {
    /// §2.14; `page` counts from 1 (WENJIN's addition, ignored upstream).
    package static func topicBestAnswers(_ topic: RemoteTopicID, page: Int) -> Self {
        Self(.routed(controller: "topic", action: "topic_best_answer"),
             query: [Parameter("id", topic.description), Parameter("page", String(page))])
    }
}

extension Endpoint where Response == ArticleDetail {
    /// §2.15.
    package static func article(_ id: RemoteArticleID) -> Self {
        Self(.routed(controller: "article", action: "article"), query: [Parameter("id", id.description)])
    }
}

extension Endpoint where Response == ArticleCommentsPage {
    /// §2.16; 100 comments a page, `page` counts from 1.
    package static func articleComments(_ article: RemoteArticleID, page: Int) -> Self {
        Self(.routed(controller: "article", action: "comment"),
             query: [Parameter("id", article.description), Parameter("page", String(page))])
    }
}

/// What a search looks for.
package enum SearchType: String, Sendable {
    case questions, topics, users, articles
}

extension Endpoint where Response == SearchPage {
    /// §2.17; `page` counts from 1.
    package static func search(_ text: String, type: SearchType, page: Int, limit: Int = 10) -> Self {
        Self(.routed(controller: "search", action: nil),
             query: [Parameter("q", text), Parameter("type", type.rawValue), Parameter("limit", String(limit)),
                     Parameter("page", String(page))])
    }
}
