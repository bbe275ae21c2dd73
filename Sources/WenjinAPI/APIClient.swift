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
package final class APIClient: Sendable {
    package struct Configuration: Sendable {
        package var base: APIBaseURL
        /// Sent with every request so the site's operators can tell who is crawling.
        package var userAgent: String
        /// Whole seconds one request may take before it fails with `.timedOut`. FoundationNetworking
        /// on Linux fails a sub-second timeout at once, so it is rounded up to whole seconds.
        package var timeout: TimeInterval {
            didSet { timeout = Self.wholeSeconds(timeout) }
        }
        /// Connections URLSession may open to an https host at once; idle keep-alive connections
        /// kept per origin for http.
        package var maximumConnectionsPerHost: Int
        /// The body cap and total deadline of every request (`get` may lower the cap).
        package var limits: TransferLimits

        package init(base: APIBaseURL, userAgent: String = APIClient.defaultUserAgent,
                    timeout: TimeInterval = 30, maximumConnectionsPerHost: Int = 2,
                    limits: TransferLimits = APIClient.defaultLimits) {
            self.base = base
            self.userAgent = userAgent
            self.timeout = Self.wholeSeconds(timeout)
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
            self.limits = limits
        }

        private static func wholeSeconds(_ seconds: TimeInterval) -> TimeInterval { max(1, seconds.rounded(.up)) }
    }

    package static let defaultUserAgent = "wenjin-archiver/1.0 (static archive of a WENJIN community)"
    /// 16 MiB and two minutes: far above any WENJIN response, far below what hurts.
    package static let defaultLimits = TransferLimits(maxBytes: 16 * 1024 * 1024, deadlineSeconds: 120)

    package let configuration: Configuration
    /// `https://` requests (URLSession: the only TLS at hand).
    private let session: TransferSession
    /// `http://` requests: plain sockets, bounded in memory whatever the server sends.
    private let sockets: SocketTransport
    private let cookies = Mutex(SessionCookies())
    /// The community's origin (scheme, host and port): the only one that gets the cookies.
    package let origin: Origin?

    package init(_ configuration: Configuration) {
        self.configuration = configuration
        origin = URL(string: configuration.base.text).flatMap(Origin.init)
        let sessionConfiguration = URLSessionConfiguration.ephemeral
        sessionConfiguration.httpCookieStorage = nil
        sessionConfiguration.httpShouldSetCookies = false
        sessionConfiguration.httpCookieAcceptPolicy = .never
        sessionConfiguration.urlCache = nil
        sessionConfiguration.requestCachePolicy = .reloadIgnoringLocalCacheData
        sessionConfiguration.timeoutIntervalForRequest = configuration.timeout
        sessionConfiguration.httpMaximumConnectionsPerHost = configuration.maximumConnectionsPerHost
        session = TransferSession(configuration: sessionConfiguration)
        sockets = SocketTransport(maximumConnectionsPerHost: configuration.maximumConnectionsPerHost, timeout: configuration.timeout)
    }

    /// Whether a login cookie is held (set by `login`, or by any response that sent one).
    package var isLoggedIn: Bool { cookies.withLock { $0.hasLogin } }

    /// Sends `endpoint` and returns the response whatever its status; throws only when no
    /// response arrived. `headers` adds request fields (`If-None-Match`, …).
    package func send<R>(_ endpoint: Endpoint<R>, headers: [String: String] = [:]) async throws(APIError) -> APIResponse {
        var request = URLRequest(url: endpoint.url(relativeTo: configuration.base))
        request.httpMethod = endpoint.method.rawValue
        if endpoint.method == .post {
            request.httpBody = endpoint.formBody
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await perform(request, limits: configuration.limits)
    }

    /// Sends `endpoint` and decodes its response; the response comes along for storing. When
    /// the raw body must be kept even if decoding fails, use `send` and then `Endpoint.decode`.
    package func fetch<R>(_ endpoint: Endpoint<R>) async throws(APIError) -> (value: R, response: APIResponse) {
        let response = try await send(endpoint)
        return (try endpoint.decode(response), response)
    }

    /// GETs any URL (an image, robots.txt) with the same session and User-Agent, and the
    /// cookies when it is on the community's origin. `maxBytes` lowers the body cap.
    package func get(_ url: URL, headers: [String: String] = [:], maxBytes: Int? = nil) async throws(APIError) -> APIResponse {
        var request = URLRequest(url: url)
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return try await perform(request, limits: maxBytes.map { configuration.limits.capped(at: $0) } ?? configuration.limits)
    }

    /// Logs in with `login_process` and keeps the cookies it sets for every later request.
    /// The password is sent once and kept nowhere.
    @discardableResult
    package func login(userName: String, password: String) async throws(APIError) -> LoginResult {
        let (result, response) = try await fetch(Endpoint.login(userName: userName, password: password))
        guard isLoggedIn else { throw response.error(.loginWithoutCookies) }
        return result
    }

    /// Forgets the session's cookies.
    package func logout() { cookies.withLock { $0 = SessionCookies() } }

    private func perform(_ request: URLRequest, limits: TransferLimits) async throws(APIError) -> APIResponse {
        var request = request
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        // A coded body cannot be capped before libcurl has inflated all of it, so none is asked for.
        request.setValue("identity", forHTTPHeaderField: "Accept-Encoding")
        request.timeoutInterval = configuration.timeout
        // Cookies belong to the community's exact origin: not to another host an image lives on,
        // not to another port of the same host, not over http after an https login.
        let onOrigin = origin != nil && request.url.flatMap(Origin.init) == origin
        if onOrigin, let header = cookies.withLock({ $0.header }) {
            request.setValue(header, forHTTPHeaderField: "Cookie")
        }
        let result = try await transfer(request, limits: limits)
        if onOrigin, let setCookie = result.header("Set-Cookie") {
            let split = SessionCookies.splitJoinedSetCookie(setCookie)
            cookies.withLock { $0.absorb(setCookieHeaders: split) }
        }
        return result
    }

    private func transfer(_ request: URLRequest, limits: TransferLimits) async throws(APIError) -> APIResponse {
        if request.url?.scheme?.lowercased() == "http" {
            return try await sockets.run(request, limits: limits)
        }
        let urlText = request.url?.absoluteString ?? ""
        let (data, response) = try await session.run(request, limits: limits)
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            guard let name = name as? String, let value = value as? String else { continue }
            headers[name] = value
        }
        return APIResponse(url: urlText, status: response.statusCode, headers: headers, body: data)
    }
}
