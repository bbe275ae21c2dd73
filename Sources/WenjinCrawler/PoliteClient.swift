import Foundation
import Synchronization
import WenjinAPI

/// Every request of a crawl goes through here: robots.txt, the per-host gate (rate limit and
/// `Retry-After` pauses), the request budget, and retries with backoff. Decoding happens inside
/// the retry loop, so a truncated body is retried like a dropped connection.
final class PoliteClient: Sendable {
    /// Why a request produced nothing usable.
    enum Failure: Error, Sendable {
        /// A final answer that retrying will not change, or retries ran out; `response` is the
        /// last one received, kept in the store beside the error.
        case failed(APIError, response: APIResponse?)
        /// robots.txt forbids the URL.
        case disallowed(String)
        /// `maxRequests` was reached; the task stays queued for the next crawl.
        case budgetExhausted
    }

    struct Counters: Sendable {
        var requests = 0
        var retries = 0
    }

    let api: APIClient
    private let options: CrawlOptions
    private let policy: RetryPolicy
    private let gates = Mutex<[String: HostGate]>([:])
    /// robots.txt per origin, or why it could not be read.
    private let robots = Mutex<[String: Task<Result<RobotsRules, APIError>, Never>]>([:])
    private let counters = Mutex(Counters())

    init(options: CrawlOptions) {
        self.options = options
        policy = RetryPolicy(retries: options.retries, base: options.backoffBase, maximum: options.backoffMax)
        let limits = TransferLimits(maxBytes: options.maxResponseBytes, deadlineSeconds: Int(options.deadline.seconds.rounded(.up)))
        api = APIClient(.init(base: options.source, userAgent: options.userAgent, timeout: options.timeout.seconds,
                              maximumConnectionsPerHost: options.connectionsPerHost, limits: limits))
    }

    var counts: Counters { counters.withLock { $0 } }

    /// Fetches and decodes an API endpoint.
    func fetch<R>(_ endpoint: Endpoint<R>) async throws(Failure) -> (value: R, response: APIResponse) {
        let url = endpoint.url(relativeTo: options.source)
        var decoded: R?
        let response = try await send(url) { response throws(APIError) in
            guard (200...299).contains(response.status) else {
                throw APIError(.httpStatus(response.status), url: response.url, status: response.status, body: response.body)
            }
            decoded = try endpoint.decode(response)
        } request: { () async throws(APIError) -> APIResponse in
            try await self.api.send(endpoint)
        }
        return (decoded!, response)
    }

    /// GETs any URL (an image) with a body of at most `maxBytes`; `check` decides whether the
    /// response is usable.
    func get(_ url: URL, maxBytes: Int, check: (APIResponse) throws(APIError) -> Void) async throws(Failure) -> APIResponse {
        try await send(url, check: check) { () async throws(APIError) -> APIResponse in try await self.api.get(url, maxBytes: maxBytes) }
    }

    /// Logs in; not retried, and its response is never stored (the request carried the password).
    func login(_ credentials: CrawlOptions.Credentials) async throws(APIError) {
        if let url = URL(string: options.source.text) { try? await gate(for: url).waitForTurn() }
        counters.withLock { $0.requests += 1 }
        try await api.login(userName: credentials.userName, password: credentials.password)
    }

    private func send(_ url: URL, obeyingRobots: Bool = true, check: (APIResponse) throws(APIError) -> Void,
                      request: () async throws(APIError) -> APIResponse) async throws(Failure) -> APIResponse {
        if obeyingRobots, options.obeyRobotsTxt, !((try? await rules(for: url).get()) ?? .disallowAll).allows(Self.pathAndQuery(of: url)) {
            throw .disallowed(url.absoluteString)
        }
        let gate = self.gate(for: url)
        var attempt = 0
        while true {
            do { try await gate.waitForTurn() } catch { throw .budgetExhausted }
            let allowed = counters.withLock { counters -> Bool in
                if let limit = options.maxRequests, counters.requests >= limit { return false }
                counters.requests += 1
                return true
            }
            guard allowed else { throw .budgetExhausted }
            var lastResponse: APIResponse?
            var problem: APIError
            do {
                let response = try await request()
                lastResponse = response
                if (200...299).contains(response.status) || !APIError(.httpStatus(response.status)).isTransient {
                    try check(response)
                    return response
                }
                problem = APIError(.httpStatus(response.status), url: response.url, status: response.status, body: response.body)
            } catch {
                problem = error
            }
            guard problem.isTransient, attempt < policy.retries else { throw .failed(problem, response: lastResponse) }
            attempt += 1
            counters.withLock { $0.retries += 1 }
            var delay = policy.backoff(attempt: attempt) * options.retryWaitScale
            if let response = lastResponse, let seconds = RetryPolicy.retryAfter(response.retryAfter) {
                let wait = Duration.seconds(seconds * options.retryWaitScale)
                // Every request to this host waits, not only this one: the server asked for a pause.
                await gate.pause(until: ContinuousClock.now + wait)
                delay = max(delay, wait)
            }
            do { try await Task.sleep(for: delay) } catch { throw .budgetExhausted }
        }
    }

    private func gate(for url: URL) -> HostGate {
        gates.withLock { gates in
            let key = Self.origin(of: url)
            if let gate = gates[key] { return gate }
            let gate = HostGate(requestsPerSecond: options.requestsPerSecond)
            gates[key] = gate
            return gate
        }
    }

    /// Why the community's own robots.txt cannot be read; nil when it can (or is absent). Fetches it.
    func sourceRobotsProblem() async -> APIError? {
        guard options.obeyRobotsTxt, let url = URL(string: options.source.text) else { return nil }
        if case .failure(let problem) = await rules(for: url) { return problem }
        return nil
    }

    /// The robots.txt rules of `url`'s origin, fetched once per origin and shared, or why the
    /// file could not be read.
    private func rules(for url: URL) async -> Result<RobotsRules, APIError> {
        let origin = Self.origin(of: url)
        let task = robots.withLock { robots in
            if let task = robots[origin] { return task }
            let task = Task { await self.fetchRules(origin: origin) }
            robots[origin] = task
            return task
        }
        return await task.value
    }

    private func fetchRules(origin: String) async -> Result<RobotsRules, APIError> {
        guard let url = URL(string: origin + "/robots.txt") else { return .success(.allowAll) }
        do {
            let response = try await send(url, obeyingRobots: false, check: { _ throws(APIError) in }) { () async throws(APIError) -> APIResponse in
                try await self.api.get(url)
            }
            guard (200...299).contains(response.status) else { return .success(.allowAll) }
            return .success(RobotsRules(parsing: String(decoding: response.body, as: UTF8.self), userAgent: options.userAgent))
        } catch {
            // RFC 9309 §2.3.1: a missing file (4xx) allows everything; an unreachable one (5xx,
            // network) forbids everything until it can be read.
            switch error {
            case .failed(_, let response?) where (400...499).contains(response.status): return .success(.allowAll)
            case .failed(let problem, _): return .failure(problem)
            case .disallowed, .budgetExhausted: return .failure(APIError(.cancelled, url: url.absoluteString))
            }
        }
    }

    static func origin(of url: URL) -> String {
        let port = url.port.map { ":\($0)" } ?? ""
        return "\(url.scheme ?? "http")://\(url.host ?? "")\(port)"
    }

    /// The part of a URL robots.txt rules are matched against: path, then `?` and the query.
    static func pathAndQuery(of url: URL) -> String {
        let text = url.absoluteString
        let origin = origin(of: url)
        guard text.hasPrefix(origin) else { return "/" }
        let rest = String(text.dropFirst(origin.count))
        return rest.isEmpty ? "/" : rest
    }
}
