/// Why a socket exchange stopped, before it is told as an `APIError` (which needs the URL,
/// the status and the request's limits that only the exchange knows).
enum SocketFailure: Error, Equatable {
    /// The host name could not be resolved: what getaddrinfo said.
    case unresolved(String)
    /// No address of the host could be reached: errno and its text.
    case unreachable(code: Int, message: String)
    /// The peer closed or reset the connection.
    case closed
    /// Nothing arrived (or nothing could be sent) for the idle timeout.
    case idle
    /// The request's total deadline passed.
    case deadline
    /// The caller cancelled the request.
    case cancelled
    /// The response broke HTTP/1.1 or one of the head's limits.
    case malformed(String)
}
