import Glibc

/// The bound, listening socket. Only the accept loop accepts on it and closes it;
/// `stop()` merely shuts it down, which wakes a blocked `accept` on Linux.
struct ListeningSocket {
    let fd: Int32
    let port: Int

    enum Accepted {
        case connection(ConnectedSocket, HTTPPeerAddress)
        /// A transient failure (interrupted call, aborted handshake, out of descriptors): try again.
        case retry
        /// The socket was shut down or broke: the loop ends.
        case finished
    }

    static func open(host: String, port: Int, backlog: Int) throws(HTTPServerError) -> ListeningSocket {
        let place = "listening on \(HTTPPeerAddress(host: host, port: port))"
        guard (0...65535).contains(port) else { throw HTTPServerError(.invalidPort(port), context: place) }
        guard let address = SocketAddress(host: host, port: port) else {
            throw HTTPServerError(.invalidHost(host), context: place)
        }
        let fd = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HTTPServerError(.system(call: "socket", errno: errno), context: place) }
        var one: Int32 = 1
        // Lets a restarted server bind again while old connections sit in TIME_WAIT; Linux still
        // refuses a second listener on the same port.
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = address.withSockaddr { bind(fd, $0, $1) }
        guard bound == 0 else {
            let code = errno
            Glibc.close(fd)
            throw HTTPServerError(code == EADDRINUSE ? .addressInUse : .system(call: "bind", errno: code), context: place)
        }
        guard listen(fd, Int32(clamping: backlog)) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw HTTPServerError(.system(call: "listen", errno: code), context: place)
        }
        var actual = SocketAddress()
        let named = actual.withMutableSockaddr { getsockname(fd, $0, $1) }
        guard named == 0 else {
            let code = errno
            Glibc.close(fd)
            throw HTTPServerError(.system(call: "getsockname", errno: code), context: place)
        }
        return ListeningSocket(fd: fd, port: actual.peer.port)
    }

    func accept() -> Accepted {
        var address = SocketAddress()
        let connection = address.withMutableSockaddr { Glibc.accept(fd, $0, $1) }
        if connection >= 0 {
            // accept4 is not imported; the flag keeps connections from leaking into child processes.
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            return .connection(ConnectedSocket(fd: connection), address.peer)
        }
        switch errno {
        case EINTR, ECONNABORTED, EPROTO:
            return .retry
        case EMFILE, ENFILE, ENOBUFS, ENOMEM:
            // Out of resources: back off a little instead of spinning on the same failure.
            usleep(10_000)
            return .retry
        default:
            return .finished
        }
    }

    func shutdown() {
        _ = Glibc.shutdown(fd, Int32(SHUT_RDWR))
    }

    func close() {
        Glibc.close(fd)
    }
}
