import WenjinSanitizer
import WenjinStore

/// A body's key in the store's sanitizer cache (`Sanitizer.contentHash`, 64 hex digits), held
/// as four words: the ledger keeps one per body, and a 64-character string per body of a large
/// archive costs tens of megabytes.
struct CacheKeyHash: Hashable, Sendable {
    let words: (UInt64, UInt64, UInt64, UInt64)

    init(words: (UInt64, UInt64, UInt64, UInt64)) { self.words = words }

    /// Nil unless `hex` is 64 lower-case hex digits, as the sanitizer writes them.
    init?(hex: String) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 64, utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else { return nil }
        func word(_ index: Int) -> UInt64 {
            UInt64(String(decoding: utf8[(index * 16)..<(index * 16 + 16)], as: UTF8.self), radix: 16) ?? 0
        }
        words = (word(0), word(1), word(2), word(3))
    }

    /// The key of `text` under `hosts`: what `SanitizedBodies` caches bodies by.
    init(of text: String, hosts: CommunityHosts) {
        // Sanitizer.contentHash is SHA-256 in lower-case hex: always parses.
        self = CacheKeyHash(hex: Sanitizer.contentHash(of: hosts.identity + "\u{0}" + text)) ?? CacheKeyHash(words: (0, 0, 0, 0))
    }

    var hex: String {
        [words.0, words.1, words.2, words.3].map { word in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    func cacheKey(policyVersion: Int) -> SanitizedCacheKey {
        SanitizedCacheKey(contentHash: hex, policyVersion: policyVersion)
    }

    static func == (lhs: CacheKeyHash, rhs: CacheKeyHash) -> Bool { lhs.words == rhs.words }

    func hash(into hasher: inout Hasher) {
        hasher.combine(words.0)
        hasher.combine(words.1)
        hasher.combine(words.2)
        hasher.combine(words.3)
    }
}
