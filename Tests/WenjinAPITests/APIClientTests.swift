import Foundation
import Testing
import WenjinAPI

/// The transport against a real HTTP server on 127.0.0.1.
@Suite struct APIClientTests {
    static let loginBody = #"{"rsm":{"uid":"2","user_name":"\u5c0f\u5317","avatar_file":""},"errno":1,"err":null}"#
    static let exploreEnd = #"{"rsm":{"total_rows":0},"errno":1,"err":null}"#

    /// Answers like WeCenter: login sets the session cookie, deletes and then sets the login cookie.
    static func wecenter(_ request: LoopbackServer.Request) -> LoopbackServer.Reply {
        if request.target.hasSuffix("?/api/account/login_process/") {
            let form = String(decoding: request.body, as: UTF8.self)
            guard form == "user_name=xiaobei&password=s%26cret" else {
                return .init(body: #"{"rsm":null,"errno":-1,"err":"\u8bf7\u8f93\u5165\u6b63\u786e\u7684\u5e10\u53f7\u6216\u5bc6\u7801"}"#)
            }
            return .init(headers: [
                ("Set-Cookie", "nof__Session=8femf1158dcohim8d640pjqdg9; path=/"),
                ("Content-Type", "text/html; charset=utf-8"),
                ("Set-Cookie", "nof__user_login=deleted; expires=Thu, 01 Jan 1970 00:00:01 GMT; Max-Age=0; path=/"),
                ("Set-Cookie", "nof__user_login=q5_Kjo1dZYZ.; expires=Wed, 24 Nov 2027 11:36:38 GMT; Max-Age=31104000; path=/; HttpOnly"),
            ], body: loginBody)
        }
        return .init(body: Self.exploreEnd)
    }

    func client(_ server: LoopbackServer, timeout: TimeInterval = 60) -> APIClient {
        APIClient(.init(base: APIBaseURL(server.base)!, userAgent: "wenjin-test/1.0", timeout: timeout))
    }

    @Test func loginKeepsBothWeCenterCookiesAndSendsThemOnLaterRequests() async throws {
        let server = try LoopbackServer(handler: Self.wecenter)
        defer { server.stop() }
        let client = client(server)
        _ = try await client.send(Endpoint.explore(page: 1))
        #expect(!client.isLoggedIn)
        let login = try await client.login(userName: "xiaobei", password: "s&cret")
        #expect(login.user.id.rawValue == 2)
        #expect(client.isLoggedIn)
        _ = try await client.fetch(Endpoint.explore(page: 1))
        let requests = server.requests
        #expect(requests.count == 3)
        #expect(requests[0].headers["cookie"] == nil)
        #expect(requests[1].method == "POST")
        #expect(requests[1].headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(requests[2].headers["cookie"] == "nof__Session=8femf1158dcohim8d640pjqdg9; nof__user_login=q5_Kjo1dZYZ.")
        #expect(requests.allSatisfy { $0.headers["user-agent"] == "wenjin-test/1.0" })
        #expect(requests[2].target == "/?/api/explore/&page=1&per_page=10&sort_type=new")
    }

    @Test func loginCookiesGoOnlyToTheCommunitysHostAndLogoutForgetsThem() async throws {
        let server = try LoopbackServer { request in
            request.target.hasPrefix("/uploads/") ? .init(headers: [("Content-Type", "image/png")], body: "PNG") : Self.wecenter(request)
        }
        defer { server.stop() }
        let client = client(server)
        try await client.login(userName: "xiaobei", password: "s&cret")
        let sameHost = try await client.get(URL(string: server.base + "uploads/avatar/a.png")!)
        #expect(sameHost.contentType == "image/png")
        #expect(sameHost.body == Data("PNG".utf8))
        _ = try await client.get(URL(string: "http://localhost:\(server.port)/uploads/avatar/a.png")!)
        client.logout()
        #expect(!client.isLoggedIn)
        _ = try await client.send(Endpoint.explore(page: 1))
        let cookies = server.requests.map { $0.headers["cookie"] }
        #expect(cookies.count == 4)
        #expect(cookies[1]?.contains("nof__user_login=") == true)  // same host
        #expect(cookies[2] == nil)  // localhost is another host
        #expect(cookies[3] == nil)  // after logout
    }

    @Test func aRefusedLoginThrowsTheServersMessageAndLeavesTheClientLoggedOut() async throws {
        let server = try LoopbackServer(handler: Self.wecenter)
        defer { server.stop() }
        let client = client(server)
        do {
            try await client.login(userName: "xiaobei", password: "wrong")
            Issue.record("login must fail")
        } catch {
            #expect(error.reason == .rejected(message: "请输入正确的帐号或密码"))
        }
        #expect(!client.isLoggedIn)
    }

    @Test func statusHeadersAndBodyReachTheCallerWhateverTheStatus() async throws {
        let server = try LoopbackServer { _ in
            .init(status: 503, headers: [("Retry-After", "120"), ("ETag", "\"abc\""),
                                         ("Last-Modified", "Sun, 29 Nov 2026 11:36:38 GMT"), ("Content-Type", "text/html; charset=UTF-8")],
                  body: "busy")
        }
        defer { server.stop() }
        let response = try await client(server).send(Endpoint.question(RemoteQuestionID(1)), headers: ["If-None-Match": "\"old\""])
        #expect(response.status == 503)
        #expect(response.retryAfter == "120")
        #expect(response.etag == "\"abc\"")
        #expect(response.lastModified == "Sun, 29 Nov 2026 11:36:38 GMT")
        #expect(response.contentType == "text/html; charset=UTF-8")
        #expect(response.body == Data("busy".utf8))
        #expect(response.url == server.base + "?/api/question/question/&id=1")
        #expect(server.requests.first?.headers["if-none-match"] == "\"old\"")
    }

    @Test func aSlowServerFailsWithTimedOutAfterThePerRequestTimeout() async throws {
        #expect(APIClient.Configuration(base: APIBaseURL("http://h/")!, timeout: 0.2).timeout == 1)
        let server = try LoopbackServer { _ in
            Thread.sleep(forTimeInterval: 20)  // stop() does not wait for this thread
            return .init(body: Self.exploreEnd)
        }
        defer { server.stop() }
        let started = Date()
        do {
            _ = try await client(server, timeout: 1).send(Endpoint.explore(page: 1))
            Issue.record("must time out")
        } catch {
            #expect(error.reason == .timedOut)
            #expect(error.isTransient)
        }
        let elapsed = Date().timeIntervalSince(started)
        // The server would have answered successfully had the timeout not fired; how late a
        // loaded machine fires it is a matter for benchmarks, not this test.
        #expect(elapsed >= 0.9, "timed out after \(elapsed) s")
    }

    @Test func aRefusedConnectionIsATransientTransportError() async throws {
        let server = try LoopbackServer { _ in .init(body: Self.exploreEnd) }
        server.stop()
        do {
            _ = try await client(server).send(Endpoint.explore(page: 1))
            Issue.record("nothing listens there")
        } catch {
            guard case .transport = error.reason else { Issue.record("\(error)"); return }
            #expect(error.isTransient)
            #expect(error.url == server.base + "?/api/explore/&page=1&per_page=10&sort_type=new")
        }
    }

    @Test(.timeLimit(.minutes(20)))
    func cancellingRequestsAsTheyCompleteNeverHangs() async throws {
        let server = try LoopbackServer { _ in
            Thread.sleep(forTimeInterval: 0.02)
            return .init(body: Self.exploreEnd)
        }
        defer { server.stop() }
        let client = client(server)
        var finished = 0
        for round in 0..<10 {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    let task = Task {
                        do {
                            _ = try await client.fetch(Endpoint.explore(page: index))
                        } catch {
                            #expect((error as? APIError)?.reason == .cancelled)
                        }
                    }
                    group.addTask {
                        try? await Task.sleep(nanoseconds: UInt64((round * 8 + index) % 40) * 1_000_000)
                        task.cancel()
                        await task.value
                    }
                }
            }
            finished += 8
        }
        #expect(finished == 80)
    }
}
