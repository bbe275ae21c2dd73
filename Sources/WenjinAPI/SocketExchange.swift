import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One `http://` request over plain sockets, from the first connect to the last body byte,
/// redirects included: the same rules as the URLSession transport (`Transfer`) without its
/// unbounded gzip inflation and late cancellation. Runs on one Dispatch thread (`run`); only
/// `cancel` is called from elsewhere.
final class SocketExchange: Sendable {
    private struct State {
        var cancelled = false
        /// The connection in use, so a cancellation can shut it down and wake the poll.
        var current: SocketConnection?
    }

    /// Redirects followed at most, like libcurl's default bound in URLSession.
    static let maxRedirects = 16

    private let request: URLRequest
    private let limits: TransferLimits
    private let idle: Duration
    private let pool: ConnectionPool
    private let state = Mutex(State())
    private let url: String
    /// The origin asked: redirects are followed only within it.
    private let origin: Origin?

    init(request: URLRequest, limits: TransferLimits, idle: Duration, pool: ConnectionPool) {
        self.request = request
        self.limits = limits
        self.idle = idle
        self.pool = pool
        url = request.url?.absoluteString ?? ""
        origin = request.url.flatMap(Origin.init)
    }

    private var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Stops the exchange as soon as possible; `run` then throws `.cancelled`.
    func cancel() {
        let connection = state.withLock { state -> SocketConnection? in
            state.cancelled = true
            return state.current
        }
        connection?.shutdown()
    }

    func run() throws(APIError) -> APIResponse {
        let waits = SocketWaitLimits(idle: idle, deadline: .now + .seconds(limits.deadlineSeconds),
                                     isCancelled: { [self] in isCancelled })
        guard var target = request.url else { throw APIError(.transport(code: 0, message: "no URL"), url: url) }
        var method = request.httpMethod ?? "GET"
        var body = request.httpBody
        for _ in 0...Self.maxRedirects {
            let (connection, head) = try send(method: method, to: target, body: body, waits: waits)
            defer { release(connection) }
            if [301, 302, 303, 307, 308].contains(head.status), let location = head.field("location") {
                guard let next = URL(string: location, relativeTo: target)?.absoluteURL, let origin, Origin(next) == origin else {
                    let shown = URL(string: location, relativeTo: target)?.absoluteURL.absoluteString ?? location
                    throw APIError(.redirectRefused(location: shown), url: url, status: head.status)
                }
                _ = try readBody(of: head, method: method, on: connection, from: target, waits: waits)
                if head.status == 303 || (head.status <= 302 && method == "POST") {
                    method = "GET"
                    body = nil
                }
                target = next
                continue
            }
            try check(head)
            let data = try readBody(of: head, method: method, on: connection, from: target, waits: waits)
            return APIResponse(url: url, status: head.status, headers: head.fields, body: data)
        }
        throw APIError(.transport(code: URLError.Code.httpTooManyRedirects.rawValue, message: "more than \(Self.maxRedirects) redirects"), url: url)
    }

    /// Refuses a head whose body wenjin will not read: coded (see `Transfer.accepts`) or announced over the cap.
    private func check(_ head: ResponseHead) throws(APIError) {
        let encoding = head.field("content-encoding")?.trimmingASCIIWhitespace().lowercased()
        if let encoding, !encoding.isEmpty, encoding != "identity" {
            throw APIError(.compressedBody(encoding: encoding), url: url, status: head.status)
        }
        if let length = head.field("content-length").flatMap({ Int($0.trimmingASCIIWhitespace()) }), length > limits.maxBytes {
            throw APIError(.tooLarge(limit: limits.maxBytes), url: url, status: head.status)
        }
    }

    /// Sends the request on a pooled connection or a new one and reads the response head. A
    /// pooled connection the server closed while it sat idle is replaced once.
    private func send(method: String, to target: URL, body: Data?, waits: SocketWaitLimits) throws(APIError) -> (SocketConnection, ResponseHead) {
        guard let origin = Origin(target), origin.scheme == "http" else {
            throw APIError(.transport(code: URLError.Code.unsupportedURL.rawValue, message: "not an http:// URL: \(target.absoluteString)"), url: url)
        }
        let bytes = RequestHeadWriter(method: method, url: target, headers: request.allHTTPHeaderFields ?? [:], body: body).bytes
        var pooled = pool.take(origin)
        while true {
            let connection: SocketConnection
            if let pooled {
                connection = pooled
            } else {
                do throws(SocketFailure) {
                    connection = try SocketConnection.open(host: Self.bareHost(origin.host), port: origin.port, limits: waits)
                } catch {
                    throw apiError(error)
                }
            }
            try adopt(connection)
            do throws(SocketFailure) {
                connection.startResponse()
                try connection.send(bytes, limits: waits)
                return (connection, try ResponseHeadReader(connection: connection, limits: waits).read())
            } catch .closed where pooled != nil && connection.receivedSinceRequest == 0 {
                pooled = nil
                release(connection)
            } catch {
                release(connection)
                throw apiError(error)
            }
        }
    }

    /// The body under the cap; the connection goes back to the pool when the server keeps it open.
    private func readBody(of head: ResponseHead, method: String, on connection: SocketConnection, from target: URL,
                          waits: SocketWaitLimits) throws(APIError) -> Data {
        let framing: BodyReader.Framing
        do throws(SocketFailure) {
            framing = try BodyReader.framing(of: head, method: method)
        } catch {
            throw apiError(error, status: head.status)
        }
        do throws(BodyReader.Failure) {
            let data = try BodyReader(connection: connection, limits: waits, maxBytes: limits.maxBytes).read(framing)
            let reusable = state.withLock { state -> Bool in
                guard !state.cancelled, state.current === connection else { return false }
                state.current = nil
                return true
            }
            if reusable, framing != .untilClose, head.keepsAlive, let origin = Origin(target) {
                pool.giveBack(connection, to: origin)
            }
            return data
        } catch {
            switch error {
            case .tooLarge: throw APIError(.tooLarge(limit: limits.maxBytes), url: url, status: head.status)
            case .truncated(let received, let announced):
                throw APIError(.truncatedBody(received: received, announced: announced), url: url, status: head.status)
            case .socket(let failure): throw apiError(failure, status: head.status)
            }
        }
    }

    /// Makes `connection` the one a cancellation shuts down; throws if the caller already gave up.
    private func adopt(_ connection: SocketConnection) throws(APIError) {
        let cancelled = state.withLock { state -> Bool in
            if !state.cancelled { state.current = connection }
            return state.cancelled
        }
        if cancelled { throw APIError(.cancelled, url: url) }
    }

    /// Forgets `connection` (it closes once nothing holds it) unless it went back to the pool.
    private func release(_ connection: SocketConnection) {
        state.withLock { state in
            if state.current === connection { state.current = nil }
        }
    }

    /// A socket failure as the API's error; any failure after a cancellation is the cancellation.
    private func apiError(_ failure: SocketFailure, status: Int? = nil) -> APIError {
        if isCancelled { return APIError(.cancelled, url: url) }
        let reason: APIError.Reason = switch failure {
        case .unresolved(let message): .transport(code: URLError.Code.cannotFindHost.rawValue, message: message)
        case .unreachable(_, let message): .transport(code: URLError.Code.cannotConnectToHost.rawValue, message: message)
        case .closed: .transport(code: URLError.Code.networkConnectionLost.rawValue, message: "the server closed the connection")
        case .idle: .timedOut
        case .deadline: .deadlineExceeded(seconds: limits.deadlineSeconds)
        case .cancelled: .cancelled
        case .malformed(let problem): .transport(code: URLError.Code.badServerResponse.rawValue, message: "bad response: \(problem)")
        }
        return APIError(reason, url: url, status: status)
    }

    /// `[::1]` as getaddrinfo wants it.
    private static func bareHost(_ host: String) -> String {
        host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
    }
}
