import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport of every `http://` request: plain sockets, blocking I/O on Dispatch threads
/// (never the Swift concurrency pool), keep-alive connections shared through one pool. Unlike
/// URLSession over libcurl on Linux, it never inflates a body, stops at the byte cap without
/// reading further, ends at once when the caller cancels, and answers a broken head with an
/// error instead of stopping the process. `https://` stays with URLSession (no TLS here).
final class SocketTransport: Sendable {
    private let pool: ConnectionPool
    private let idle: Duration

    init(maximumConnectionsPerHost: Int, timeout: TimeInterval) {
        pool = ConnectionPool(maximumPerOrigin: maximumConnectionsPerHost)
        idle = .milliseconds(Int64(min(max(1, timeout), 1e9) * 1000))  // clamped: Int64 traps on huge doubles
    }

    func run(_ request: URLRequest, limits: TransferLimits) async throws(APIError) -> APIResponse {
        let exchange = SocketExchange(request: request, limits: limits, idle: idle, pool: pool)
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    // Each exchange its own queue, as in WenjinHTTP: Dispatch gives each blocked
                    // item its own thread instead of starving the others.
                    DispatchQueue(label: "wenjin.api.exchange").async {
                        continuation.resume(with: Result(catching: { () throws(APIError) -> APIResponse in try exchange.run() }))
                    }
                }
            } onCancel: {
                exchange.cancel()
            }
        } catch let error as APIError {
            throw error
        } catch {
            throw APIError(.transport(code: 0, message: String(describing: error)), url: request.url?.absoluteString)
        }
    }
}
