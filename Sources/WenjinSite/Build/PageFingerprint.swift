import Foundation
import WenjinTemplates

/// A 64-bit digest of everything a page's bytes depend on: its template context (entities,
/// sanitized bodies, links, site settings) plus the theme and the program that render it.
/// Two builds that compute the same fingerprint for a path would write the same bytes, so the
/// second one links the previous file instead of rendering and comparing it.
///
/// Deterministic across processes (Swift's `Hasher` is seeded per process, so it cannot be
/// used); not cryptographic: it guards against accidental change, not against an adversary.
struct PageFingerprint: Hashable, Sendable, CustomStringConvertible {
    let value: UInt64

    init(value: UInt64) { self.value = value }

    /// The fingerprint of a page's context, seeded with the theme's (`ThemeFingerprint`).
    /// The `ui` strings at the top level are skipped: the theme fingerprint covers them once.
    init(context: TemplateValue, theme: PageFingerprint) {
        var digest = Digest(seed: theme.value)
        if case .object(let object) = context {
            digest.add(tag: 7)
            for key in object.keys where key != "ui" {
                digest.add(key)
                if let value = object[key] { digest.add(value) }
            }
        } else {
            digest.add(context)
        }
        value = digest.finish()
    }

    /// Sixteen hex digits, as the manifest stores it.
    var description: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    init?(hex: Substring) {
        guard hex.count == 16, let value = UInt64(hex, radix: 16) else { return nil }
        self.value = value
    }

    /// The running digest: eight bytes at a time, multiply-xorshift mixing, lengths and type
    /// tags included so `["ab"] + ["c"]` and `["a"] + ["bc"]` differ.
    struct Digest {
        private var state: UInt64

        init(seed: UInt64) { state = seed ^ 0x9E37_79B9_7F4A_7C15 }

        mutating func add(word: UInt64) {
            state ^= word
            state &*= 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 29
        }

        mutating func add(tag: UInt8) { add(word: UInt64(tag) | 0xA5A5_0000_0000_0000) }

        mutating func add(bytes: UnsafeRawBufferPointer) {
            var offset = 0
            while offset + 8 <= bytes.count {
                add(word: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                offset += 8
            }
            var tail: UInt64 = 0
            for index in offset..<bytes.count { tail |= UInt64(bytes[index]) << (8 * UInt64(index - offset)) }
            add(word: tail)
            add(word: UInt64(bytes.count))
        }

        mutating func add(_ text: String) {
            var text = text
            text.withUTF8 { add(bytes: UnsafeRawBufferPointer($0)) }
        }

        mutating func add(_ value: TemplateValue) {
            switch value {
            case .null: add(tag: 0)
            case .bool(let flag): add(tag: flag ? 1 : 2)
            case .int(let number): add(tag: 3); add(word: UInt64(bitPattern: Int64(number)))
            case .double(let number): add(tag: 4); add(word: number.bitPattern)
            case .string(let text): add(tag: 5); add(text)
            case .html(let markup): add(tag: 6); add(markup.markup)
            case .list(let items):
                add(tag: 8)
                add(word: UInt64(items.count))
                for item in items { add(item) }
            case .object(let object):
                add(tag: 7)
                add(word: UInt64(object.keys.count))
                for key in object.keys {
                    add(key)
                    if let item = object[key] { add(item) }
                }
            }
        }

        func finish() -> UInt64 {
            var result = state
            result ^= result >> 33
            result &*= 0xC4CE_B9FE_1A85_EC53
            result ^= result >> 33
            return result
        }
    }
}
