// WenjinAPI owns the conversation with a WENJIN / WeCenter server: how each request is built,
// one long-lived URLSession with the login cookies, and tolerant decoding into this module's own
// response types. It must not rate-limit, retry, read robots.txt or store anything: that is
// the crawler's job, which gets status, headers and the raw body of every response for it.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Sends requests to one WENJIN community and keeps its login cookies in memory.
public final class APIClient: Sendable {
    public struct Configuration: Sendable {
        public var base: APIBaseURL
        /// Sent with every request so the site's operators can tell who is crawling.
        public var userAgent: String
        /// Whole seconds one request may take before it fails with `.timedOut`. FoundationNetworking
        /// on Linux fails a sub-second timeout at once, so it is rounded up to whole seconds.
        public var timeout: TimeInterval {
            didSet { timeout = Self.wholeSeconds(timeout) }
        }
        /// Connections URLSession may open to the host at once.
        public var maximumConnectionsPerHost: Int

        public init(base: APIBaseURL, userAgent: String = APIClient.defaultUserAgent,
                    timeout: TimeInterval = 30, maximumConnectionsPerHost: Int = 2) {
            self.base = base
            self.userAgent = userAgent
            self.timeout = Self.wholeSeconds(timeout)
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
        }

        private static func wholeSeconds(_ seconds: TimeInterval) -> TimeInterval { max(1, seconds.rounded(.up)) }
    }

    public static let defaultUserAgent = "wenjin-archiver/1.0 (static archive of a WENJIN community)"

    public let configuration: Configuration
    private let session: URLSession
    private let cookies = Mutex(SessionCookies())
    /// The community's host: the only one that gets the cookies.
    private let host: String?

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        host = URL(string: configuration.base.text)?.host
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.httpShouldSetCookies = false
        sessionConfiguration.httpCookieAcceptPolicy = .never
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.maximumConnectionsPerHost
        session = URLSession(configuration: sessionConfiguration)
    }

    deinit { session.finishTasksAndInvalidate() }

    /// Whether a login cookie is held (set by `login`, or by any response that sent one).
    public var isLoggedIn: Bool { cookies.withLock { $0.hasLogin } }

    /// Sends `endpoint` and returns the response whatever its status; throws only when no
    /// response arrived. `headers` adds request fields (`If-None-Match`, …).
    public func send<R>(_ endpoint: Endpoint<R>, headers: [String: String] = [:]) async throws(APIError) -> HTTPResponse {
        var request = URLRequest(url: endpoint.url(relativeTo: configuration.base))
        request.httpMethod = endpoint.method.rawValue
        if endpoint.method == .post {
            request.httpBody = endpoint.formBody
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await perform(request)
    }

    /// Sends `endpoint` and decodes its response; the response comes along for storing. When
    /// the raw body must be kept even if decoding fails, use `send` and then `Endpoint.decode`.
    public func fetch<R>(_ endpoint: Endpoint<R>) async throws(APIError) -> (value: R, response: HTTPResponse) {
        let response = try await send(endpoint)
        return (try endpoint.decode(response), response)
    }

    /// GETs any URL (an image, robots.txt) with the same session, User-Agent and cookies.
    public func get(_ url: URL, headers: [String: String] = [:]) async throws(APIError) -> HTTPResponse {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await perform(request)
    }

    /// Logs in with `login_process` and keeps the cookies it sets for every later request.
    /// The password is sent once and kept nowhere.
    @discardableResult
    public func login(userName: String, password: String) async throws(APIError) -> LoginResult {
        let (result, response) = try await fetch(Endpoint.login(userName: userName, password: password))
        guard isLoggedIn else { throw response.error(.loginWithoutCookies) }
        return result
    }

    /// Forgets the session's cookies.
    public func logout() { cookies.withLock { $0 = SessionCookies() } }

    private func perform(_ request: URLRequest) async throws(APIError) -> HTTPResponse {
        var request = request
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        request.timeoutInterval = configuration.timeout
        // Cookies belong to the community's host only, never to another host an image lives on.
        if request.url?.host == host, let header = cookies.withLock({ $0.header }) {
            request.setValue(header, forHTTPHeaderField: "Cookie")
        }
        let urlText = request.url?.absoluteString ?? ""
        let (data, response) = try await CancellableDataTask.run(request, on: session)
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String, let value = value as? String else { continue }
            headers[name] = value
        }
        let result = HTTPResponse(url: urlText, status: response.statusCode, headers: headers, body: data)
        if request.url?.host == host, let setCookie = result.header("Set-Cookie") {
            let split = SessionCookies.splitJoinedSetCookie(setCookie)
            cookies.withLock { $0.absorb(setCookieHeaders: split) }
        }
        return result
    }
}
