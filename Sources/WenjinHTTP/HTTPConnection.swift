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
        var next = Next.keepOpen
        while next == .keepOpen {
            next = serveNextRequest()
        }
        if next == .close { closeGracefully() }
    }

    private enum Next {
        case keepOpen
        /// Answered; close once the client has had the chance to read the answer.
        case close
        /// Nothing more to say (client gone, send failed, fault): close at once.
        case abort
    }

    private func serveNextRequest() -> Next {
        let headLength: Int
        let started: ContinuousClock.Instant
        switch readHead() {
        case .closed:
            return .abort
        case .rejected(let rejection):
            return reject(rejection)
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
            return reject(error)
        }
        if let failure = readBody(length: bodyLength, after: headLength, head: head, started: started) { return failure }

        let request = HTTPRequest(
            method: head.method, target: head.target, version: head.version, headers: head.headers,
            body: Array(buffer[headLength..<(headLength + bodyLength)]), peer: peer)
        buffer.removeSubrange(0..<(headLength + bodyLength))
        let response = handler(request)
        let keepAlive = RequestBodyFraming.wantsKeepAlive(head) && !response.headers.listContains("Connection", token: "close")
        let usable = ResponseWriter(socket: socket).write(response, method: head.method, version: head.version, keepAlive: keepAlive)
        return usable ? .keepOpen : (keepAlive ? .abort : .close)
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

    /// Reads the body into the buffer; returns how to end the connection when it cannot.
    private func readBody(length: Int, after headLength: Int, head: RequestHead, started: ContinuousClock.Instant) -> Next? {
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
                return .abort
            case .timedOut:
                return reject(RequestRejection(status: .requestTimeout, detail: "the request body did not arrive in time"))
            }
        }
        return nil
    }

    private func receive(until deadline: ContinuousClock.Instant) -> ConnectedSocket.Received {
        let received = socket.receive(into: scratch, deadline: deadline)
        if case .bytes(let count) = received {
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[..<count]))
        }
        return received
    }

    /// Answers a request the handler never sees; the connection then closes.
    private func reject(_ rejection: RequestRejection) -> Next {
        let response = HTTPResponse(
            status: rejection.status, headers: ["Content-Type": "text/plain; charset=utf-8"],
            body: "\(rejection.status): \(rejection.detail)\n")
        _ = ResponseWriter(socket: socket).write(response, method: .get, version: .http1_1, keepAlive: false)
        return .close
    }

    /// Closing with unread request bytes makes the kernel send a reset, which can destroy the
    /// answer still in flight; so the server ends its side, then reads (briefly, boundedly)
    /// until the client has closed too.
    private func closeGracefully() {
        socket.shutdown(Int32(SHUT_WR))
        let deadline = ContinuousClock.now + .milliseconds(500)
        var drained = 0
        while drained < 1024 * 1024, case .bytes(let count) = socket.receive(into: scratch, deadline: deadline) {
            drained += count
        }
    }
}
