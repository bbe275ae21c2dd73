import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A host of a URL read the way URL parsers and libcurl read it, to tell whether it names a
/// loopback, link-local or private address: IPv4 in every form they accept (`127.0.0.1`,
/// `2130706433`, `0177.0.0.1`, `0x7f.1`), IPv6 literals (with IPv4 inside them), and names,
/// resolved through the system resolver.
enum HostAddress {
    /// The host as a lower-cased name, without brackets or a trailing dot.
    static func canonical(_ host: String) -> String {
        var text = host.lowercased()
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Whether `host` (canonical) is, or for a name resolves to, an address that is not on the
    /// public internet. A name that cannot be resolved counts as public: the request then fails
    /// on its own and is retried like any network error.
    static func isInternal(_ host: String) -> Bool {
        if let address = ipv4(host) { return isInternal(ipv4: address) }
        if let bytes = ipv6(host) { return isInternal(ipv6: bytes) }
        return resolve(host).contains { address in
            switch address {
            case .v4(let value): isInternal(ipv4: value)
            case .v6(let bytes): isInternal(ipv6: bytes)
            }
        }
    }

    /// An IPv4 address in any of the forms `inet_aton` and the WHATWG URL parser accept: one to
    /// four dot-separated parts, each decimal, octal (leading 0) or hex (0x), the last one
    /// filling the remaining bytes. Nil when `host` is not such a number.
    static func ipv4(_ host: String) -> UInt32? {
        var parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count > 1, parts.last?.isEmpty == true { parts.removeLast() }
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = number(part) else { return nil }
            numbers.append(number)
        }
        var address: UInt64 = 0
        for (index, number) in numbers.enumerated() {
            if index < numbers.count - 1 {
                guard number < 256 else { return nil }
                address |= number << (8 * UInt64(3 - index))
            } else {
                guard number < UInt64(1) << (8 * UInt64(5 - numbers.count)) else { return nil }
                address |= number
            }
        }
        return UInt32(address)
    }

    private static func number(_ part: Substring) -> UInt64? {
        guard !part.isEmpty, part.count <= 40 else { return nil }
        if part.hasPrefix("0x") || part.hasPrefix("0X") {
            let digits = part.dropFirst(2)
            return digits.isEmpty ? 0 : UInt64(digits, radix: 16)
        }
        if part.hasPrefix("0"), part.count > 1 { return UInt64(part.dropFirst(), radix: 8) }
        return UInt64(part, radix: 10)
    }

    /// The 16 bytes of an IPv6 literal; nil when `host` is not one.
    static func ipv6(_ host: String) -> [UInt8]? {
        guard host.contains(":") else { return nil }
        // A zone (`fe80::1%eth0`) names an interface: the address before it decides.
        let address = host.split(separator: "%", maxSplits: 1).first.map(String.init) ?? host
        var storage = in6_addr()
        guard inet_pton(AF_INET6, address, &storage) == 1 else { return nil }
        return withUnsafeBytes(of: &storage) { Array($0) }
    }

    static func isInternal(ipv4 address: UInt32) -> Bool {
        let ranges: [(base: UInt32, bits: UInt32)] = [
            (0x0000_0000, 8),   // "this network", 0.0.0.0
            (0x0A00_0000, 8),   // 10/8 private
            (0x6440_0000, 10),  // 100.64/10 carrier-grade NAT
            (0x7F00_0000, 8),   // 127/8 loopback
            (0xA9FE_0000, 16),  // 169.254/16 link-local (cloud metadata services)
            (0xAC10_0000, 12),  // 172.16/12 private
            (0xC000_0000, 24),  // 192.0.0/24 protocol assignments
            (0xC0A8_0000, 16),  // 192.168/16 private
            (0xC612_0000, 15),  // 198.18/15 benchmarking
            (0xE000_0000, 3),   // multicast, reserved and broadcast
        ]
        return ranges.contains { address >> (32 - $0.bits) == $0.base >> (32 - $0.bits) }
    }

    static func isInternal(ipv6 bytes: [UInt8]) -> Bool {
        guard bytes.count == 16 else { return true }
        let embedded = UInt32(bytes[12]) << 24 | UInt32(bytes[13]) << 16 | UInt32(bytes[14]) << 8 | UInt32(bytes[15])
        if bytes[0..<10].allSatisfy({ $0 == 0 }) {
            // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible), :: and ::1.
            if bytes[10] == 0xFF, bytes[11] == 0xFF { return isInternal(ipv4: embedded) }
            if bytes[10] == 0, bytes[11] == 0 { return embedded <= 1 || isInternal(ipv4: embedded) }
        }
        // 64:ff9b::/96 NAT64 carries an IPv4 address in its last four bytes.
        if bytes[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0][...] { return isInternal(ipv4: embedded) }
        // 2002::/16 6to4 carries one in bytes 2–5.
        if bytes[0] == 0x20, bytes[1] == 0x02 {
            return isInternal(ipv4: UInt32(bytes[2]) << 24 | UInt32(bytes[3]) << 16 | UInt32(bytes[4]) << 8 | UInt32(bytes[5]))
        }
        return bytes[0] & 0xFE == 0xFC            // fc00::/7 unique local
            || (bytes[0] == 0xFE && bytes[1] & 0xC0 == 0x80)  // fe80::/10 link-local
            || (bytes[0] == 0xFE && bytes[1] & 0xC0 == 0xC0)  // fec0::/10 site-local
            || bytes[0] == 0xFF                     // multicast
    }

    enum Resolved {
        case v4(UInt32)
        case v6([UInt8])
    }

    /// Every address the system resolver gives for `name` (the hosts file, then DNS).
    static func resolve(_ name: String) -> [Resolved] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var addresses: [Resolved] = []
        var entry = list
        while let current = entry {
            if let socket = current.pointee.ai_addr {
                switch Int32(socket.pointee.sa_family) {
                case AF_INET:
                    socket.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        addresses.append(.v4(UInt32(bigEndian: $0.pointee.sin_addr.s_addr)))
                    }
                case AF_INET6:
                    socket.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        var address = $0.pointee.sin6_addr
                        addresses.append(.v6(withUnsafeBytes(of: &address) { Array($0) }))
                    }
                default: break
                }
            }
            entry = current.pointee.ai_next
        }
        return addresses
    }
}
