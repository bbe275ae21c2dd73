/// The two protocol versions the server speaks; anything else is answered with 505.
package enum HTTPVersion: String, Sendable, Hashable, CustomStringConvertible {
    case http1_0 = "HTTP/1.0"
    case http1_1 = "HTTP/1.1"

    package var description: String { rawValue }
}
