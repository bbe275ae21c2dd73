import Glibc

/// An IPv4 or IPv6 socket address, kept in a `sockaddr_storage` so one type serves bind, accept and getsockname.
struct SocketAddress {
    private var storage = sockaddr_storage()

    init() {}

    /// Nil unless `host` is a numeric IPv4 or IPv6 address: the server never resolves names.
    init?(host: String, port: Int) {
        var v4 = sockaddr_in()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = UInt16(port).bigEndian
            withUnsafeMutableBytes(of: &storage) { raw in
                withUnsafeBytes(of: v4) { raw.copyMemory(from: $0) }
            }
            return
        }
        var v6 = sockaddr_in6()
        if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = UInt16(port).bigEndian
            withUnsafeMutableBytes(of: &storage) { raw in
                withUnsafeBytes(of: v6) { raw.copyMemory(from: $0) }
            }
            return
        }
        return nil
    }

    var family: Int32 { Int32(storage.ss_family) }

    private var length: socklen_t {
        socklen_t(family == AF_INET6 ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size)
    }

    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        withUnsafeBytes(of: storage) { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), length)
        }
    }

    mutating func withMutableSockaddr<R>(_ body: (UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> R) -> R {
        var capacity = socklen_t(MemoryLayout<sockaddr_storage>.size)
        return withUnsafeMutableBytes(of: &storage) { raw in
            body(raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), &capacity)
        }
    }

    /// The numeric host and port, as a peer address.
    var peer: HTTPPeerAddress {
        withUnsafeBytes(of: storage) { raw -> HTTPPeerAddress in
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            func host() -> String { text.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } }
            if family == AF_INET6 {
                var v6 = raw.load(as: sockaddr_in6.self)
                inet_ntop(AF_INET6, &v6.sin6_addr, &text, socklen_t(text.count))
                return HTTPPeerAddress(host: host(), port: Int(UInt16(bigEndian: v6.sin6_port)))
            }
            var v4 = raw.load(as: sockaddr_in.self)
            inet_ntop(AF_INET, &v4.sin_addr, &text, socklen_t(text.count))
            return HTTPPeerAddress(host: host(), port: Int(UInt16(bigEndian: v4.sin_port)))
        }
    }
}
