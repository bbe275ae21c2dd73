import Glibc

/// Serves one connection on the thread that runs it: reads requests, calls the handler and
/// writes responses until the client, a limit or a fault ends it. It never closes the socket:
/// the server does, after unregistering it (see `ConnectedSocket`).
final class HTTPConnection {
    private let socket: ConnectedSocket
    private let peer: HTTPPeerAddress
    private let configuration: HTTPServerConfiguration
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    /// Received bytes not yet consumed; may already hold the start of the next (pipelined) request.
    private var buffer: [UInt8] = []
    private let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)

    init(socket: ConnectedSocket, peer: HTTPPeerAddress, configuration: HTTPServerConfiguration,
         handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) {
        self.socket = socket
        self.peer = peer
        self.configuration = configuration
        self.handler = handler
    }

    deinit {
        scratch.deallocate()
    }

    func serve() {
        while serveNextRequest() {}
    }

    /// Returns whether the connection stays open for another request.
    private func serveNextRequest() -> Bool {
        let headLength: Int
        let started: ContinuousClock.Instant
        switch readHead() {
        case .closed:
            return false
        case .rejected(let rejection):
            reject(rejection)
            return false
        case .head(let length, let start):
            (headLength, started) = (length, start)
        }
        let parsed = buffer.withUnsafeBufferPointer { bytes in
            Result { () throws(RequestRejection) in
                try RequestHeadParser.parse(
                    UnsafeBufferPointer(rebasing: bytes[..<(headLength - 4)]), maxHeaderCount: configuration.maxHeaderCount)
            }
        }
        let head: RequestHead
        let bodyLength: Int
        do {
            head = try parsed.get()
            bodyLength = try RequestBodyFraming.length(of: head, maxBodyBytes: configuration.maxBodyBytes)
        } catch {
            reject(error)
            return false
        }
        guard readBody(length: bodyLength, after: headLength, head: head, started: started) else { return false }

        let request = HTTPRequest(
            method: head.method, target: head.target, version: head.version, headers: head.headers,
            body: Array(buffer[headLength..<(headLength + bodyLength)]), peer: peer)
        buffer.removeSubrange(0..<(headLength + bodyLength))
        let response = handler(request)
        let keepAlive = RequestBodyFraming.wantsKeepAlive(head) && !response.headers.listContains("Connection", token: "close")
        return write(response, method: head.method, version: head.version, keepAlive: keepAlive) && keepAlive
    }

    private enum HeadRead {
        /// `length` counts the head with its closing blank line.
        case head(length: Int, started: ContinuousClock.Instant)
        case closed
        case rejected(RequestRejection)
    }

    /// Waits for a whole head: up to the idle timeout for its first byte, then up to the request
    /// timeout from that byte on (so a client trickling bytes cannot hold the thread forever).
    private func readHead() -> HeadRead {
        let idleDeadline = ContinuousClock.now + configuration.idleTimeout
        var started: ContinuousClock.Instant?
        var searchFrom = 0
        while true {
            // RFC 9112 §2.2: empty lines before a request line are ignored.
            while buffer.starts(with: [0x0D, 0x0A]) {
                buffer.removeFirst(2)
                searchFrom = 0
            }
            if started == nil && !buffer.isEmpty { started = .now }
            if let end = headEnd(searchingFrom: searchFrom), let started {
                guard end - 4 <= configuration.maxHeadBytes else { return .rejected(headTooLarge) }
                return .head(length: end, started: started)
            }
            guard buffer.count < configuration.maxHeadBytes + 4 else { return .rejected(headTooLarge) }
            searchFrom = max(0, buffer.count - 3)
            switch receive(until: started.map { $0 + configuration.requestTimeout } ?? idleDeadline) {
            case .bytes:
                continue
            case .closed:
                return .closed
            case .timedOut:
                // Silence between requests is an idle keep-alive ending; silence inside one is a slow client.
                guard started != nil else { return .closed }
                return .rejected(RequestRejection(status: .requestTimeout, detail: "the request did not arrive in time"))
            }
        }
    }

    private var headTooLarge: RequestRejection {
        RequestRejection(
            status: .headerFieldsTooLarge, detail: "the request head is larger than \(configuration.maxHeadBytes) bytes")
    }

    /// The index just past the first CRLF CRLF, if the buffer holds one.
    private func headEnd(searchingFrom start: Int) -> Int? {
        buffer.withUnsafeBufferPointer { bytes in
            var index = start
            while index + 3 < bytes.count {
                if bytes[index + 3] == 0x0A && bytes[index + 2] == 0x0D && bytes[index + 1] == 0x0A && bytes[index] == 0x0D {
                    return index + 4
                }
                index += 1
            }
            return nil
        }
    }

    private func readBody(length: Int, after headLength: Int, head: RequestHead, started: ContinuousClock.Instant) -> Bool {
        let needed = headLength + length
        if buffer.count < needed && head.version == .http1_1 && head.headers.listContains("Expect", token: "100-continue") {
            // The client waits for this before sending the body (curl does, for larger bodies).
            socket.send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while buffer.count < needed {
            switch receive(until: started + configuration.requestTimeout) {
            case .bytes:
                continue
            case .closed:
                return false
            case .timedOut:
                reject(RequestRejection(status: .requestTimeout, detail: "the request body did not arrive in time"))
                return false
            }
        }
        return true
    }

    private func receive(until deadline: ContinuousClock.Instant) -> ConnectedSocket.Received {
        let received = socket.receive(into: scratch, deadline: deadline)
        if case .bytes(let count) = received {
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<count]))
        }
        return received
    }

    /// Sends the response (or as much of it as its fault allows); returns whether it all went out.
    private func write(_ response: HTTPResponse, method: HTTPMethod, version: HTTPVersion, keepAlive: Bool) -> Bool {
        if response.fault == .dropConnection { return false }
        var head = ResponseHead.bytes(for: response, keepAlive: keepAlive, requestVersion: version)
        // HEAD gets the GET headers, Content-Length included, but no body.
        var body = method == .head || response.status.forbidsBody ? response.body[0..<0] : response.body[...]
        if case .truncateBody(let keeping) = response.fault {
            body = body.prefix(max(0, keeping))
        }
        let sent: Bool
        if body.count <= 16 * 1024 {
            head.append(contentsOf: body)
            sent = socket.send(head)
        } else {
            sent = socket.send(head, more: true) && body.withUnsafeBytes { socket.send($0) }
        }
        return sent && response.fault == nil
    }

    /// Answers a request the handler never sees, then closes gracefully: closing with unread
    /// request bytes would make the kernel send a reset that can destroy the answer in flight.
    private func reject(_ rejection: RequestRejection) {
        let response = HTTPResponse(
            status: rejection.status, headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: "\(rejection.status): \(rejection.detail)\n")
        _ = write(response, method: .get, version: .http1_1, keepAlive: false)
        socket.shutdown(Int32(SHUT_WR))
        let drainDeadline = ContinuousClock.now + .milliseconds(500)
        var drained = 0
        while drained < 1024 * 1024, case .bytes(let count) = socket.receive(into: scratch, deadline: drainDeadline) {
            drained += count
        }
    }
}
