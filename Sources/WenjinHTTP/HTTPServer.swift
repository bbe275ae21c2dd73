// WenjinHTTP owns a small HTTP/1.1 server on Glibc sockets for loopback use: the sample WENJIN
// server and the preview server answer through it. It knows nothing of WENJIN, files or routes,
// and it must never block the Swift concurrency pool: all its I/O runs on its own Dispatch threads.
import Dispatch
import Glibc
import Synchronization

/// An HTTP/1.1 server that calls one handler per request.
///
/// The accept loop runs on a queue of its own and every connection on its own serial queue,
/// whose work item blocks in `poll`/`recv`/`send` for the connection's lifetime. Serial queues
/// target Dispatch's overcommitting pool, which gives each blocked item its own thread, so a
/// slow or idle client never delays another; `maxConnections` bounds the number of threads.
///
/// The handler runs on the connection's thread, so it may block (the sample server sleeps there
/// to simulate slow responses). It must not call `stop()`.
package final class HTTPServer: Sendable {
    package let configuration: HTTPServerConfiguration
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let state = Mutex(State())
    /// Entered by the accept loop and by each connection, so `stop()` can wait for all of them.
    private let running = DispatchGroup()

    private struct State {
        enum Phase { case created, starting, listening(ListeningSocket), stopped }
        var phase = Phase.created
        /// Descriptors of the connections being served; `stop()` shuts them down to wake their threads.
        var connections = Set<Int32>()
    }

    package init(
        configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) {
        self.configuration = configuration
        self.handler = handler
    }

    /// Binds, listens and starts accepting; returns the port (the one the system chose when the
    /// configuration says 0). A server starts once; after a failed start it may be started again.
    @discardableResult
    package func start() throws(HTTPServerError) -> Int {
        // A client vanishing mid-write must be an error from send, not a process-killing signal.
        signal(SIGPIPE, SIG_IGN)
        let place = "starting on \(HTTPPeerAddress(host: configuration.host, port: configuration.port))"
        let claimed = state.withLock { state -> Bool in
            guard case .created = state.phase else { return false }
            state.phase = .starting
            return true
        }
        guard claimed else { throw HTTPServerError(.alreadyStarted, context: place) }
        let listener: ListeningSocket
        do {
            listener = try ListeningSocket.open(host: configuration.host, port: configuration.port, backlog: configuration.backlog)
        } catch {
            state.withLock { state in
                if case .starting = state.phase { state.phase = .created }
            }
            throw error
        }
        let listening = state.withLock { state -> Bool in
            // stop() may have come in while the socket was opening: then the server stays stopped.
            guard case .starting = state.phase else { return false }
            state.phase = .listening(listener)
            return true
        }
        guard listening else {
            listener.close()
            return listener.port
        }
        running.enter()
        DispatchQueue(label: "wenjin.http.accept").async { [self] in
            acceptConnections(on: listener)
            listener.close()
            running.leave()
        }
        return listener.port
    }

    /// The port being listened on, or nil before `start()` and after `stop()`.
    package var port: Int? {
        state.withLock { state in
            if case .listening(let listener) = state.phase { listener.port } else { nil }
        }
    }

    /// Stops accepting, ends every open connection and returns once all their threads are done
    /// (a handler still running is waited for). Safe to call more than once, and before `start()`.
    package func stop() {
        state.withLock { state in
            if case .listening(let listener) = state.phase { listener.shutdown() }
            state.phase = .stopped
            for descriptor in state.connections {
                _ = shutdown(descriptor, Int32(SHUT_RDWR))
            }
        }
        running.wait()
    }

    /// Blocks the calling thread until `stop()` (called from elsewhere, such as a signal source's
    /// queue) has finished; returns at once if the server is not running. Meant for the main
    /// thread of a command that serves until interrupted, never for the Swift concurrency pool.
    package func waitUntilStopped() {
        running.wait()
    }

    private func acceptConnections(on listener: ListeningSocket) {
        while true {
            switch listener.accept() {
            case .retry:
                continue
            case .finished:
                return
            case .connection(let socket, let peer):
                admit(socket, from: peer)
            }
        }
    }

    private func admit(_ socket: ConnectedSocket, from peer: HTTPPeerAddress) {
        enum Admission { case serve, full, stopping }
        let admission = state.withLock { state -> Admission in
            guard case .listening = state.phase else { return .stopping }
            guard state.connections.count < configuration.maxConnections else { return .full }
            state.connections.insert(socket.fd)
            return .serve
        }
        switch admission {
        case .stopping:
            socket.close()
        case .full:
            refuse(socket)
        case .serve:
            running.enter()
            DispatchQueue(label: "wenjin.http.connection").async { [self] in
                socket.configure(writeTimeout: configuration.writeTimeout)
                HTTPConnection(socket: socket, peer: peer, configuration: configuration, handler: handler).serve()
                state.withLock { _ = $0.connections.remove(socket.fd) }
                socket.close()
                running.leave()
            }
        }
    }

    /// Answers 503 at once instead of queueing a connection past the limit. Runs on the accept
    /// thread, so nothing here may wait: the request already received is read without blocking
    /// (closing over unread bytes would reset the connection and lose the 503).
    private func refuse(_ socket: ConnectedSocket) {
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 16 * 1024, alignment: 16)
        defer { scratch.deallocate() }
        _ = socket.receiveAvailable(into: scratch)
        let response = HTTPResponse(
            status: .serviceUnavailable, headers: ["Content-Type": "text/plain; charset=utf-8", "Retry-After": "1"],
            body: "503 Service Unavailable: too many open connections\n")
        var bytes = ResponseHead.bytes(
            for: response, framing: .length(response.body.count), keepAlive: false, requestVersion: .http1_1)
        bytes.append(contentsOf: response.body)
        bytes.withUnsafeBytes { raw in
            _ = send(socket.fd, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
        }
        socket.shutdown(Int32(SHUT_WR))
        socket.close()
    }
}
