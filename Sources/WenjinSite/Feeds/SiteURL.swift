import Foundation

/// Turns a link relative to the site root (`questions/3521.html#answer-1`) into what a feed or
/// sitemap needs: an absolute URL under the base URL, or a link relative to the file that
/// holds it when the site has no base URL.
struct SiteURL {
    /// The base URL's text, ending with `/`; made once, as a sitemap asks for every page.
    private let base: String?

    init(baseURL: URL?) {
        base = baseURL.map { $0.absoluteString.hasSuffix("/") ? $0.absoluteString : $0.absoluteString + "/" }
    }

    func absolute(_ path: String) -> String? {
        base.map { $0 + SiteURL.percentEncoded(path) }
    }

    /// The absolute URL when there is a base URL, else the path as seen from a file `depth` folders down.
    func link(_ path: String, fromDepth depth: Int) -> String {
        absolute(path) ?? String(repeating: "../", count: depth) + SiteURL.percentEncoded(path)
    }

    /// Percent-encodes what may not appear in a URL (non-ASCII, spaces, quotes); keeps `/`, `#`, `?`, `%`.
    static func percentEncoded(_ path: String) -> String {
        // Most paths (`questions/3521.html`) need nothing: kept as they are.
        if path.utf8.allSatisfy({ isKept($0) }) { return path }
        var output = ""
        for byte in path.utf8 {
            if isKept(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                output += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return output
    }

    private static func isKept(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: "-._~/#?%=&+,;:@!$*()'".utf8.contains(byte)
        }
    }
}
