import Glibc

/// One client TCP connection and the bytes read from it but not yet used. It is non-blocking,
/// and every wait is a `poll` bounded by `SocketWaitLimits`, so no read or write outlasts the
/// idle timeout, the deadline or a cancellation.
///
/// One thread at a time owns it (the exchange using it, or the pool under its lock); the only
/// call from another thread is `shutdown`, which a cancellation uses to wake the owner.
final class SocketConnection: @unchecked Sendable {
    let fd: Int32
    /// Received bytes not yet consumed: `buffer[start...]`.
    private var buffer: [UInt8] = []
    private var start = 0
    /// What `recv` writes into, made once per connection: growing `buffer` by a run of zeros
    /// before each read cost a 64 KiB fill per read, element by element in a debug build.
    private var received: [UInt8] = []
    /// Bytes received since `startResponse()`: zero means a reused connection died idle.
    private(set) var receivedSinceRequest = 0

    private init(fd: Int32) { self.fd = fd }

    deinit { Glibc.close(fd) }

    /// Resolves `host` and connects to the first address that answers within the limits.
    static func open(host: String, port: Int, limits: SocketWaitLimits) throws(SocketFailure) -> SocketConnection {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            let message = String(cString: gai_strerror(resolved))
            throw .unresolved("cannot resolve \(host): \(message)")
        }
        defer { freeaddrinfo(first) }
        var failure = SocketFailure.unreachable(code: 0, message: "no address for \(host)")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry?.pointee {
            entry = address.ai_next
            do {
                return try connect(address, limits: limits)
            } catch .unreachable(let code, let message) {
                failure = .unreachable(code: code, message: "cannot connect to \(host):\(port): \(message)")
            } catch {
                throw error  // cancelled, deadline or idle: no point trying the next address
            }
        }
        throw failure
    }

    private static func connect(_ address: addrinfo, limits: SocketWaitLimits) throws(SocketFailure) -> SocketConnection {
        let fd = socket(address.ai_family, address.ai_socktype | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), address.ai_protocol)
        guard fd >= 0 else { throw Self.systemFailure("socket") }
        let connection = SocketConnection(fd: fd)  // closes fd on every failure below
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        if Glibc.connect(fd, address.ai_addr, address.ai_addrlen) != 0 {
            guard errno == EINPROGRESS else { throw Self.systemFailure("connect") }
            try connection.wait(for: Int16(POLLOUT), limits: limits)
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            guard code == 0 else { throw .unreachable(code: Int(code), message: String(cString: strerror(code))) }
        }
        return connection
    }

    private static func systemFailure(_ call: String) -> SocketFailure {
        let code = errno
        return .unreachable(code: Int(code), message: "\(call): \(String(cString: strerror(code)))")
    }

    /// Waits until `events` are ready (or the peer hung up) within the limits.
    private func wait(for events: Int16, limits: SocketWaitLimits) throws(SocketFailure) {
        let idleEnd = ContinuousClock.now + limits.idle
        while true {
            let milliseconds = try limits.nextSlice(idleEnd: idleEnd)
            var pollee = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&pollee, 1, milliseconds)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw .closed }
        }
    }

    /// Whether an idle connection is still worth reusing: nothing to read, no hang-up.
    var looksIdle: Bool {
        var pollee = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pollee, 1, 0) == 0 && start == buffer.count
    }

    /// Sends all of `bytes` within the limits.
    func send(_ bytes: [UInt8], limits: SocketWaitLimits) throws(SocketFailure) {
        var offset = 0
        while offset < bytes.count {
            try wait(for: Int16(POLLOUT), limits: limits)
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 {
                offset += sent
            } else if sent < 0 && (errno == EINTR || errno == EAGAIN) {
                continue
            } else {
                throw .closed
            }
        }
    }

    /// Marks the start of a response, for `receivedSinceRequest`.
    func startResponse() { receivedSinceRequest = 0 }

    /// The received bytes not yet consumed.
    var available: ArraySlice<UInt8> { buffer[start...] }

    /// Drops the first `count` available bytes.
    func consume(_ count: Int) { start += min(count, buffer.count - start) }

    /// Reads at most `limit` more bytes (at least one) within the limits; `.closed` at the end of the stream.
    func fill(atMost limit: Int = 64 * 1024, limits: SocketWaitLimits) throws(SocketFailure) {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let wanted = max(1, min(limit, 64 * 1024))
        if received.isEmpty { received = [UInt8](repeating: 0, count: 64 * 1024) }
        while true {
            try wait(for: Int16(POLLIN), limits: limits)
            let count = received.withUnsafeMutableBytes { recv(fd, $0.baseAddress, wanted, 0) }
            if count > 0 {
                buffer.append(contentsOf: received[..<count])
                receivedSinceRequest += count
                return
            }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            throw .closed
        }
    }

    /// Wakes the owner's poll at once (a cancellation); the owner still closes the descriptor.
    func shutdown() { _ = Glibc.shutdown(fd, Int32(SHUT_RDWR)) }
}
