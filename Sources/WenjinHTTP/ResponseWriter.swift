/// Sends one response on a connection: head, then the body as its framing and fault say.
struct ResponseWriter {
    let socket: ConnectedSocket

    /// Bodies up to this size are copied behind the head and sent in one call; larger ones are
    /// sent from where they are, right after the head.
    private static let coalescingLimit = 16 * 1024

    /// Returns whether the connection is still usable for another request: false when a send
    /// failed, a fault was injected, or the body was delimited by closing.
    func write(_ response: HTTPResponse, method: HTTPMethod, version: HTTPVersion, keepAlive wanted: Bool) -> Bool {
        if response.fault == .dropConnection { return false }
        let framing = ResponseHead.framing(for: response, requestVersion: version)
        let keepAlive = wanted && framing != .untilClose && response.fault == nil
        var head = ResponseHead.bytes(for: response, framing: framing, keepAlive: keepAlive, requestVersion: version)
        // HEAD gets the GET headers, Content-Length included, but no body.
        let sendsBody = method != .head && framing != .none
        if let stream = response.stream {
            guard socket.send(head) else { return false }
            guard sendsBody else { return keepAlive }
            let writer = HTTPStreamWriter(socket: socket, chunked: framing == .chunked)
            stream.produce(writer)
            return writer.finish() && keepAlive
        }
        var body = sendsBody ? response.body[...] : response.body[0..<0]
        if case .truncateBody(let keeping) = response.fault {
            body = body.prefix(max(0, keeping))
        }
        let sent: Bool
        if body.count <= Self.coalescingLimit {
            head.append(contentsOf: body)
            sent = socket.send(head)
        } else {
            sent = socket.send(head, more: true) && body.withUnsafeBytes { socket.send($0) }
        }
        return sent && keepAlive
    }
}
