import Testing
@testable import WenjinSample

/// WeCenter's router rule (docs/api.md §1.2, §8.1) and PHP's `json_encode` escaping.
@Suite struct SampleRouteTests {
    @Test(arguments: [
        ("/?/api/question/question/&id=3", "question", "question", ["id": "3"]),
        ("/?/api/question/question/?id=3&platform=ios", "question", "question", ["id": "3", "platform": "ios"]),
        ("/?/api/question/question/id-3__page-2", "question", "question", ["id": "3", "page": "2"]),
        ("/?/api/question/question/3&id=1", "question", "question", ["id": "3"]),
        ("/?/api/explore/", "explore", "index", [:]),
        ("/?/api/explore", "main", "index", ["id": "explore"]),
        ("/?/api/search/&q=%E9%A3%9F+%E5%A0%82", "search", "index", ["q": "食 堂"]),
    ])
    func routesSplitAtTheFirstQuestionMarkOrAmpersand(target: String, controller: String, action: String, parameters: [String: String]) {
        let route = SampleRoute(target: target)
        #expect(route.kind == .routed(app: "api", controller: controller, action: action))
        #expect(route.parameters == parameters)
    }

    @Test func scriptsFilesAndTheWebPageAreToldApart() {
        #expect(SampleRoute(target: "/api/answer_comment.php?id=4").kind == .script("answer_comment"))
        #expect(SampleRoute(target: "/api/answer_comment.php?id=4").parameters == ["id": "4"])
        #expect(SampleRoute(target: "/uploads/avatar/000/00/00/02_avatar_max.jpg").kind == .file("/uploads/avatar/000/00/00/02_avatar_max.jpg"))
        #expect(SampleRoute(target: "/?api/explore/").kind == .webPage)
    }

    @Test func jsonIsEscapedAsPHPDoesIt() {
        let value = PHPValue.object([("a/b", "问津 \"q\" \\ 😂\n"), ("n", 1), ("z", .null), ("t", .bool(true)), ("l", .array([]))])
        #expect(String(decoding: value.encoded, as: UTF8.self)
            == #"{"a\/b":"\u95ee\u6d25 \"q\" \\ \ud83d\ude02\n","n":1,"z":null,"t":true,"l":[]}"#)
    }
}
