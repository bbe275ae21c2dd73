import Synchronization

/// The `Host` values the preview answers: the address it listens on and the loopback names,
/// with the port it got. Anything else is refused, so a page whose host name is made to point
/// at 127.0.0.1 (DNS rebinding) cannot read the drafts: its requests carry its own name. When
/// the server listens on every address (`0.0.0.0`, `::`) an address written as numbers is
/// accepted too: a browser sends one only to a page loaded from that address.
final class PreviewHosts: Sendable {
    private let listenAddress: String
    private let port = Mutex<Int?>(nil)

    /// `port` 0: not known until the server listens.
    init(listenAddress: String, port: Int) {
        self.listenAddress = listenAddress.lowercased()
        self.port.withLock { $0 = port == 0 ? nil : port }
    }

    /// Called once the server listens: the port requests must name.
    func bound(to port: Int) {
        self.port.withLock { $0 = port }
    }

    /// Whether a request with this `Host` header may be answered; one without it (HTTP/1.0,
    /// never a browser's) may.
    func accepts(_ header: String?) -> Bool {
        guard let header else { return true }
        guard let port = port.withLock({ $0 }) else { return false }
        let value = header.lowercased()
        let host: Substring, named: Substring?
        if value.hasPrefix("["), let close = value.firstIndex(of: "]") {
            host = value[value.index(after: value.startIndex)..<close]
            let rest = value[value.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return false }
            named = rest.isEmpty ? nil : rest.dropFirst()
        } else if let colon = value.lastIndex(of: ":") {
            host = value[..<colon]
            named = value[value.index(after: colon)...]
        } else {
            host = Substring(value)
            named = nil
        }
        guard (named.map { Int($0) } ?? 80) == port else { return false }
        if ["127.0.0.1", "localhost", "::1", listenAddress].contains(String(host)) { return true }
        let everywhere = listenAddress == "0.0.0.0" || listenAddress == "::"
        return everywhere && Self.isNumericAddress(host)
    }

    private static func isNumericAddress(_ host: Substring) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 4, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && UInt8($0) != nil }) {
            return true
        }
        return host.contains(":") && host.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }
}
