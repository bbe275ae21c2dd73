import Foundation

/// Turns a link relative to the site root (`questions/3521.html#answer-1`) into what a feed or
/// sitemap needs: an absolute URL under the base URL, or a link relative to the file that
/// holds it when the site has no base URL.
struct SiteURL {
    /// Ends with `/` (SiteConfig guarantees it for `baseURL`).
    let baseURL: URL?

    func absolute(_ path: String) -> String? {
        guard let baseURL else { return nil }
        var base = baseURL.absoluteString
        if !base.hasSuffix("/") { base.append("/") }
        return base + SiteURL.percentEncoded(path)
    }

    /// The absolute URL when there is a base URL, else the path as seen from a file `depth` folders down.
    func link(_ path: String, fromDepth depth: Int) -> String {
        absolute(path) ?? String(repeating: "../", count: depth) + SiteURL.percentEncoded(path)
    }

    /// Percent-encodes what may not appear in a URL (non-ASCII, spaces, quotes); keeps `/`, `#`, `?`, `%`.
    static func percentEncoded(_ path: String) -> String {
        var output = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                output.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                if "-._~/#?%=&+,;:@!$*()'".utf8.contains(byte) {
                    output.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    let hex = String(byte, radix: 16, uppercase: true)
                    output += "%" + (hex.count == 1 ? "0" : "") + hex
                }
            }
        }
        return output
    }
}
