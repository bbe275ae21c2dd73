import Foundation
import WenjinBuildSupport

/// A 64-bit digest of everything a file's bytes depend on: for a page, its inputs (the entities
/// and bodies it shows, `PageInputs`) plus the theme, the site's settings and the program that
/// render it. Two builds that compute the same fingerprint for a path would write the same
/// bytes, so the second one keeps the previous file instead of rendering and comparing it.
///
/// Deterministic across processes (Swift's `Hasher` is seeded per process, so it cannot be
/// used); not cryptographic: it guards against accidental change, not against an adversary.
struct PageFingerprint: Hashable, Sendable, CustomStringConvertible {
    let value: UInt64

    init(value: UInt64) { self.value = value }

    /// Sixteen hex digits, as the manifest stores it.
    var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    init?(hex: Substring) {
        guard hex.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }
}
