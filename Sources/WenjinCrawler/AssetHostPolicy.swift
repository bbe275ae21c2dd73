import Foundation
import Synchronization
import WenjinAPI

/// Where images may come from (issue 10 §2): the source's own origin and the hosts of
/// site.json `crawl.assetHosts`, and never an address inside the machine or its network
/// (loopback, link-local, private) unless the source itself is one, as the sample server on
/// 127.0.0.1 is. A body can name any URL; without this it could aim the crawler at a cloud
/// metadata service or a router's admin page, and the reply would be published as an image.
final class AssetHostPolicy: Sendable {
    private let sourceScheme: String
    private let sourceHost: String
    private let sourcePort: Int?
    private let allowedHosts: Set<String>
    /// Whether a host is internal, resolved once per host (only allowed hosts are resolved,
    /// so this stays as small as the allowlist).
    private let internalHosts = Mutex<[String: Bool]>([:])

    init(source: APIBaseURL, assetHosts: [String]) {
        let url = URL(string: source.text)
        sourceScheme = url?.scheme?.lowercased() ?? "http"
        sourceHost = HostAddress.canonical(url?.host ?? "")
        sourcePort = Self.port(of: url)
        allowedHosts = Set(assetHosts.map(HostAddress.canonical))
    }

    /// Nil when `url` may be fetched, else why not (for the asset's recorded error).
    func refusal(for url: URL) async -> String? {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return "not an http(s) URL" }
        guard url.user == nil, url.password == nil else { return "refused: the URL carries a user name or password" }
        let host = HostAddress.canonical(url.host ?? "")
        guard !host.isEmpty else { return "refused: the URL has no host" }
        let fromSource = host == sourceHost && scheme == sourceScheme && Self.port(of: url) == sourcePort
        guard fromSource || allowedHosts.contains(host) else {
            return "refused: \(host) is neither the source's origin nor listed in site.json crawl.assetHosts"
        }
        guard !(await isInternal(sourceHost)), await isInternal(host) else { return nil }
        return "refused: \(host) is a loopback, link-local or private address and the source is not"
    }

    private func isInternal(_ host: String) async -> Bool {
        if let known = internalHosts.withLock({ $0[host] }) { return known }
        // The resolver blocks: keep it off the concurrency pool's few threads.
        let found = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: HostAddress.isInternal(host)) }
        }
        internalHosts.withLock { $0[host] = found }
        return found
    }

    /// The port, the scheme's default when the URL names none.
    private static func port(of url: URL?) -> Int? {
        url?.port ?? (url?.scheme?.lowercased() == "https" ? 443 : 80)
    }
}
