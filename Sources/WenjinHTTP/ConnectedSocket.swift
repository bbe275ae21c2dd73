import Glibc

/// One accepted TCP connection. The thread serving it is the only one that reads, writes
/// and closes it; the server may only `shutdown` it (to wake that thread), never close it,
/// so a descriptor number is never reused under a thread still holding it.
struct ConnectedSocket {
    let fd: Int32

    /// POLLRDHUP (Linux: the peer shut down its writing side); Glibc's module does not import it.
    private static let peerHangUp: Int16 = 0x2000

    enum Received: Equatable {
        case bytes(Int)
        /// The peer closed its side, or the connection broke.
        case closed
        case timedOut
    }

    /// No Nagle delay (each response goes out in one or two writes), and a bound on how long
    /// one send may block on a client that stops reading.
    func configure(writeTimeout: Duration) {
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        let milliseconds = writeTimeout.roundedUpMilliseconds
        var timeout = timeval(tv_sec: milliseconds / 1000, tv_usec: (milliseconds % 1000) * 1000)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Waits until data arrives or `deadline` passes, then reads what is there into `scratch`.
    func receive(into scratch: UnsafeMutableRawBufferPointer, deadline: ContinuousClock.Instant) -> Received {
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return .timedOut }
            var pollee = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pollee, 1, Int32(clamping: remaining.roundedUpMilliseconds))
            if ready < 0 && errno == EINTR { continue }
            if ready == 0 { continue }  // loop re-checks the deadline
            if ready < 0 { return .closed }
            let count = recv(fd, scratch.baseAddress, scratch.count, 0)
            if count > 0 { return .bytes(count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            return .closed
        }
    }

    /// Sleeps until `deadline` unless the peer hangs up or the socket is shut down first; returns
    /// whether the connection is still open. Bytes the client sends meanwhile are left unread.
    func waitWhileOpen(until deadline: ContinuousClock.Instant) -> Bool {
        while true {
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else { return true }
            // Only hang-ups wake this poll (POLLHUP and POLLERR are always reported), not data.
            var pollee = pollfd(fd: fd, events: Self.peerHangUp, revents: 0)
            let ready = poll(&pollee, 1, Int32(clamping: remaining.roundedUpMilliseconds))
            if ready > 0 { return false }
            if ready < 0 && errno != EINTR { return false }
        }
    }

    /// Reads whatever is already there without waiting; used to drain a request before refusing it.
    func receiveAvailable(into scratch: UnsafeMutableRawBufferPointer) -> Int {
        recv(fd, scratch.baseAddress, scratch.count, Int32(MSG_DONTWAIT))
    }

    /// Sends every byte unless the peer is gone or the write timeout passes. `more` tells the
    /// kernel another write follows at once, so head and body can share a packet.
    @discardableResult
    func send(_ bytes: UnsafeRawBufferPointer, more: Bool = false) -> Bool {
        var offset = 0
        let flags = Int32(MSG_NOSIGNAL) | (more ? Int32(MSG_MORE) : 0)
        while offset < bytes.count {
            let sent = Glibc.send(fd, bytes.baseAddress! + offset, bytes.count - offset, flags)
            if sent > 0 {
                offset += sent
            } else if sent < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }

    @discardableResult
    func send(_ bytes: [UInt8], more: Bool = false) -> Bool {
        bytes.withUnsafeBytes { send($0, more: more) }
    }

    func shutdown(_ how: Int32 = Int32(SHUT_RDWR)) {
        _ = Glibc.shutdown(fd, how)
    }

    func close() {
        Glibc.close(fd)
    }
}
