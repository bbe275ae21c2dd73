import Foundation
import Testing
@testable import WenjinSample

/// The envelope, headers, routing and login of the sample server, over real loopback HTTP
/// (docs/api.md §1.2–1.4, §8.1).
@Suite struct SampleTransportTests {
    @Test func everyAPIResponseIsTheThreeKeyEnvelopeServedAsHTMLWithPHPEscaping() async throws {
        let live = try LiveSampleServer()
        for target in ["/?/api/explore/", "/?/api/question/question/&id=1", "/api/answer_comment.php?id=1",
                       "/?/api/account/get_userinfo/&uid=1", "/api/topic.php?uid=1&topic_id=2", "/?/api/home/"] {
            let response = try await live.get(target)
            #expect(response.status == 200, "\(target)")
            #expect(response.header("Content-Type")?.lowercased() == "text/html; charset=utf-8", "\(target)")
            let json = try response.json
            #expect(json.keys == ["rsm", "errno", "err"], "\(target)")
            #expect(json["errno"] == .number("1") || json["errno"] == .number("-1"), "\(target)")
            #expect(response.body.allSatisfy { $0 < 0x80 }, "json_encode escapes non-ASCII: \(target)")
            #expect(!String(decoding: response.body, as: UTF8.self).contains("://"), "json_encode escapes '/': \(target)")
        }
    }

    @Test func failuresCarryErrnoMinusOneAndTheChineseMessage() async throws {
        let live = try LiveSampleServer()
        let cases = [
            ("/?/api/question/question/", "错误请求,缺少问题id"), ("/?/api/question/question/&id=99999", "问题不存在或已被删除"),
            ("/?/api/question/answer_detail/&id=99999", "回答不存在"), ("/?/api/article/article/&id=99999", "文章不存在或已被删除"),
            ("/?/api/account/get_userinfo/", "参数不完整"), ("/?/api/account/get_userinfo/&uid=99999", "用户不存在"),
            ("/api/my_question.php?uid=0&page=1", "参数不完整"), ("/api/topic.php?uid=0&topic_id=2", "参数不完整"),
            ("/?/api/home/", "请先登录或注册"),
        ]
        for (target, message) in cases {
            let json = try await live.get(target).json
            #expect(json == .object([("rsm", .null), ("errno", .number("-1")), ("err", .string(message))]), "\(target)")
        }
    }

    @Test func theRouterReadsRoutesTheWayWeCenterDoes() async throws {
        let live = try LiveSampleServer()
        let plain = try await live.get("/?/api/question/question/&id=2").rsm
        #expect(plain["question_info"]?["question_id"] == .string("2"))
        #expect(try await live.get("/?/api/question/question/?id=2&platform=ios").rsm == plain, "a second ? works")
        #expect(try await live.get("/?/api/question/question/id-2__page-1").rsm == plain, "key-value segments")
        #expect(try await live.get("/index.php?/api/question/question/&id=2").rsm == plain, "index.php works")
        #expect(try await live.get("/?/api/question/question/2&id=1").rsm == plain, "the bare last segment wins")
        let withoutSlash = try await live.get("/?/api/question/question&id=2")
        #expect(withoutSlash.status == 404)
        #expect(String(decoding: withoutSlash.body, as: UTF8.self).contains("<title>文件未找到</title>"))
        #expect(try await live.get("/?/api/explore").status == 404)
        #expect(try await live.get("/?/api/nothing/here/").status == 404)
    }

    @Test func loginSetsTheTwoCookiesAndTheyLogTheClientIn() async throws {
        let live = try LiveSampleServer()
        let user = try #require(live.community.user(5))
        let (response, cookies) = try await live.login(as: user.userName)
        let rsm = try response.rsm
        #expect(rsm["uid"] == .number("5"), "uid must be a JSON number for the iOS client")
        #expect(rsm.keys == ["uid", "user_name", "avatar_file", "nick_name", "signature"])
        let setCookies = response.setCookies
        #expect(setCookies.count == 3)
        #expect(setCookies[0].hasPrefix("nof__Session=") && setCookies[0].hasSuffix("; path=/"))
        #expect(setCookies[1].hasPrefix("nof__user_login=deleted; expires=Thu, 01 Jan 1970 00:00:01 GMT; Max-Age=0"))
        #expect(setCookies[2].hasPrefix("nof__user_login=") && setCookies[2].hasSuffix("Max-Age=31104000; path=/; HttpOnly"))
        #expect(response.header("Expires") == "Mon, 26 Jul 1997 05:00:00 GMT", "the account controller calls no_cache_header")

        let feed = try await live.get("/?/api/home/", cookies: cookies).json
        #expect(feed["errno"] == .number("1"))
        let wrong = try await live.login(as: user.userName, password: "nope").0.json
        #expect(wrong["err"] == .string("请输入正确的帐号或密码"))
    }

    @Test func aRequestWithoutSessionGetsANewPHPSessionCookie() async throws {
        let live = try LiveSampleServer()
        let fresh = try await live.get("/?/api/explore/")
        let cookie = try #require(fresh.setCookies.first)
        #expect(cookie.range(of: #"^nof__Session=[0-9a-v]{26}; path=/$"#, options: .regularExpression) != nil)
        let again = try await live.get("/?/api/explore/", cookies: cookie.components(separatedBy: ";")[0])
        #expect(again.header("Set-Cookie") == nil)
        #expect(try await live.get("/api/my_question.php?uid=1").header("Set-Cookie") == nil, "stand-alone scripts set no cookie")
    }

    @Test func robotsTxtIsServed() async throws {
        let live = try LiveSampleServer()
        let robots = try await live.get("/robots.txt")
        #expect(robots.status == 200)
        #expect(String(decoding: robots.body, as: UTF8.self).contains("Disallow: /?/admin/"))
    }
}
