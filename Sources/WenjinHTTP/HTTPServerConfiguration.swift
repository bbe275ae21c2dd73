/// Where the server listens and the limits that keep one client from exhausting it.
///
/// Every limit has a default fit for a loopback server; tests shorten the timeouts.
package struct HTTPServerConfiguration: Sendable {
    /// A numeric IPv4 or IPv6 address. Loopback by default, so nothing is exposed unless asked for.
    package var host: String = "127.0.0.1"
    /// 0 lets the system pick a free port; `HTTPServer.start()` returns the one it got.
    package var port: Int = 0
    /// Request line plus header fields, in bytes; beyond it the answer is 431.
    package var maxHeadBytes: Int = 16 * 1024
    /// Number of header fields; beyond it the answer is 431.
    package var maxHeaderCount: Int = 100
    /// `Content-Length` of a request body; beyond it the answer is 413.
    package var maxBodyBytes: Int = 1024 * 1024
    /// Connections served at once; one more is answered 503 and closed rather than queued.
    package var maxConnections: Int = 128
    /// How long a kept-alive connection may wait for its next request before it is closed.
    package var idleTimeout: Duration = .seconds(10)
    /// How long a client may take to send a whole request once it has begun (against slowloris);
    /// past it the answer is 408.
    package var requestTimeout: Duration = .seconds(10)
    /// How long one send may block on a client that does not read.
    package var writeTimeout: Duration = .seconds(10)
    /// Connections the kernel queues before `accept`.
    package var backlog: Int = 512

    package init(host: String = "127.0.0.1", port: Int = 0) {
        self.host = host
        self.port = port
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so a short positive timeout never becomes 0 (poll's "don't wait").
    var roundedUpMilliseconds: Int {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int(clamping: max(0, milliseconds))
    }
}
