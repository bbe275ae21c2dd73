/// A response body produced over time, such as server-sent events for live reload.
///
/// The server sends the head at once and then calls `produce` on the connection's thread, which
/// may block there for as long as the stream lives. Over HTTP/1.1 each write goes out as one chunk
/// (`Transfer-Encoding: chunked`) and the connection can be kept afterwards; an HTTP/1.0 client
/// gets the bytes unframed and the connection closes at the end. A HEAD request never calls `produce`.
package struct HTTPBodyStream: Sendable {
    let produce: @Sendable (HTTPStreamWriter) -> Void

    /// `produce` writes until it is done or until a write or wait says the connection is gone
    /// (client left, or `HTTPServer.stop()`), then returns.
    package init(_ produce: @escaping @Sendable (HTTPStreamWriter) -> Void) {
        self.produce = produce
    }
}
