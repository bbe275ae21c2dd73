import Foundation

/// Answers requests the way a WENJIN server answered its clients (docs/api.md §2), or, in the
/// `wecenter` flavor, the way a real WeCenter 3.1 with the ifLab API answers (docs/api.md §8). Pure: the same
/// community, flavor and request give the same response, except for cookies issued at login.
package struct SampleAPI: Sendable {
    package enum Flavor: String, Sendable, CaseIterable {
        /// WENJIN's TWT-modified API: nick names, `anonymous` flags, uid −1 for anonymous authors.
        case wenjin
        /// Upstream WeCenter 3.1 + ifLab API as recorded: database values as strings, answers as an
        /// object without a best answer, real uids on anonymous posts, no search endpoint.
        case wecenter
    }

    /// Every sample user logs in with their user name and this password.
    package static let password = "wenjin-sample"

    package let community: SampleCommunity
    package let flavor: Flavor
    package let robotsTxt: String

    package init(community: SampleCommunity, flavor: Flavor = .wenjin, robotsTxt: String = SampleAPI.defaultRobotsTxt) {
        self.community = community
        self.flavor = flavor
        self.robotsTxt = robotsTxt
    }

    package func respond(to request: SampleRequest) -> SampleResponse {
        let route = SampleRoute(target: request.target)
        let context = Context(request: request, route: route, viewer: viewer(of: request))
        switch route.kind {
        case .routed(let app, let controller, let action):
            if flavor == .wecenter, app == "question", controller == "main", action == "index" {
                return webQuestionPage(context)
            }
            guard app == "api", let endpoint = routedEndpoint(controller: controller, action: action) else {
                return notFoundPage(base: context.base)
            }
            var response = envelope(endpoint(context), headers: controller == "account" ? Self.accountHeaders() : Self.routedHeaders)
            if request.cookies[Self.sessionCookie] == nil {
                response.headers.insert(("Set-Cookie", "\(Self.sessionCookie)=\(sessionID(for: request)); path=/"), at: 1)
            }
            if controller == "account", action == "login_process", case .success(let rsm) = endpoint(context) {
                response.headers += loginCookies(rsm)
            }
            return response
        case .script(let name):
            guard let endpoint = scriptEndpoint(name) else { return notFoundPage(base: context.base) }
            return envelope(endpoint(context), headers: Self.scriptHeaders)
        case .file(let path):
            return uploadedFile(at: path, context: context)
        case .webPage:
            return SampleResponse(status: 200, headers: [("Content-Type", "text/html; charset=UTF-8")],
                                  body: Array("<!doctype html><html><head><title>WeCenter</title></head><body></body></html>".utf8))
        }
    }

    /// An endpoint's outcome: the `rsm` on success, the `err` message on failure.
    enum Outcome {
        case success(PHPValue)
        case failure(String)
    }

    typealias Endpoint = (Context) -> Outcome

    struct Context {
        let request: SampleRequest
        let route: SampleRoute
        /// The logged-in user, from the `nof__user_login` cookie.
        let viewer: Int?

        var base: String { "http://\(request.host)/" }

        func int(_ name: String) -> Int? { route.parameters[name].flatMap { Int($0) } }
        func string(_ name: String) -> String? { route.parameters[name] }
    }

    private func routedEndpoint(controller: String, action: String) -> Endpoint? {
        switch (controller, action) {
        case ("account", "login_process"): login
        case ("account", "get_userinfo"): userInfo
        case ("home", "index"): home
        case ("explore", "index"): explore
        case ("question", "question"): questionDetail
        case ("question", "answer_detail"): answerDetail
        case ("topic", "square"): topicSquare
        case ("topic", "topic_best_answer"): topicBestAnswers
        case ("topic", "topic"): topicInfoRouted
        case ("article", "article"): articleDetail
        case ("article", "comment"): articleComments
        case ("search", "index") where flavor == .wenjin: search
        default: nil
        }
    }

    private func scriptEndpoint(_ name: String) -> Endpoint? {
        switch name {
        case "answer_comment": answerComments
        case "my_question": userQuestions
        case "my_answer": userAnswers
        case "my_focus_question": followedQuestions
        case "my_focus_user": { self.userList($0, following: true) }
        case "my_fans_user": { self.userList($0, following: false) }
        case "my_focus_topic": followedTopics
        case "topic": topicInfo
        default: nil
        }
    }

    private func envelope(_ outcome: Outcome, headers: [(String, String)]) -> SampleResponse {
        let value: PHPValue = switch outcome {
        case .success(let rsm): .object([("rsm", rsm), ("errno", 1), ("err", .null)])
        case .failure(let message): .object([("rsm", .null), ("errno", -1), ("err", .string(message))])
        }
        return SampleResponse(status: 200, headers: headers, body: value.encoded)
    }

    /// What the real server sends for an unknown route or a route without its trailing slash.
    func notFoundPage(base: String) -> SampleResponse {
        let page = """
            <!doctype html>
            <html>
            <head>
            \t<meta charset="utf-8" />
            \t<title>文件未找到</title>
            \t<link rel="stylesheet" type="text/css" href="\(base)static/css/bootstrap.css" />
            </head>
            <body><div class="container"><h1>文件未找到</h1><p>你访问的页面不存在。</p></div></body>
            </html>
            """
        return SampleResponse(status: 404, headers: Self.routedHeaders, body: Array(page.utf8))
    }
}
