/// The address of the client at the other end of a connection.
public struct HTTPPeerAddress: Sendable, Hashable, CustomStringConvertible {
    /// The numeric IP address, such as `127.0.0.1`.
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
