/// The address of the client at the other end of a connection.
package struct HTTPPeerAddress: Sendable, Hashable, CustomStringConvertible {
    /// The numeric IP address, such as `127.0.0.1`.
    package var host: String
    package var port: Int

    package init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    package var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
