import Glibc

/// The one error type of this module: a socket call that failed while starting the server.
package struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    package enum Reason: Sendable, Equatable {
        /// `host` is not a numeric IPv4 or IPv6 address.
        case invalidHost(String)
        /// `port` is outside 0...65535.
        case invalidPort(Int)
        /// Another process (or server) already listens there.
        case addressInUse
        /// `start()` was called on a server that was already started.
        case alreadyStarted
        /// A system call failed with this `errno`.
        case system(call: String, errno: Int32)
    }

    package var reason: Reason
    /// What the server was doing, e.g. `listening on 127.0.0.1:8000`.
    package var context: String

    package init(_ reason: Reason, context: String) {
        self.reason = reason
        self.context = context
    }

    package var description: String {
        let why: String
        switch reason {
        case .invalidHost(let host): why = "\"\(host)\" is not a numeric IP address (use 127.0.0.1, ::1 or 0.0.0.0)"
        case .invalidPort(let port): why = "port \(port) is not in 0...65535"
        case .addressInUse: why = "the address is already in use (choose another port, or 0 for a free one)"
        case .alreadyStarted: why = "the server was already started"
        case .system(let call, let code): why = "\(call) failed: \(String(cString: strerror(code)))"
        }
        return "HTTP server error while \(context): \(why)"
    }
}
