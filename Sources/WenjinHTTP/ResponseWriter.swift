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
        if case .trickleHead(let every) = response.fault {
            if trickle(head, every: every), sendsBody { _ = socket.send(response.body) }
            return false  // a trickled answer ends its connection
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

    /// Sends `head` line by line, each after a wait; false once the client is gone.
    private func trickle(_ head: [UInt8], every: Duration) -> Bool {
        var start = head.startIndex
        while start < head.endIndex {
            let newline = head[start...].firstIndex(of: 0x0A) ?? head.endIndex - 1
            guard socket.waitWhileOpen(until: .now + every) else { return false }
            guard socket.send(Array(head[start...newline])) else { return false }
            start = newline + 1
        }
        return true
    }
}
