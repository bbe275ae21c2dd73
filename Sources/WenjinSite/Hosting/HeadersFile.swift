import Foundation
import WenjinConfig
import WenjinSanitizer
import WenjinBuildSupport

/// `_headers`, the file Netlify and Cloudflare Pages read the response headers of a static
/// site from (docs/design.md#hosting): security headers for every file, a year of caching for
/// files whose names change with their bytes, a short one for pages. README's nginx snippet
/// sends the same headers; the nginx test holds the two together.
struct HeadersFile: Sendable {
    static let path = SitePath("_headers")

    /// No inline style anywhere and one inline script, the 404 page's (`notFoundBaseScript`),
    /// allowed by its hash; the theme's other scripts are files, and its JSON-LD is data, which
    /// CSP does not run. Images may be `data:` (Bootstrap's CSS draws icons so).
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self' '\(notFoundScriptHash)'; img-src 'self' data:; "
        + "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    /// The CSP source of the 404 page's script: `sha256-` and its digest in base64.
    static let notFoundScriptHash = "sha256-" + Data(SHA256Digest(of: Array(PageRenderer.notFoundBaseScript.utf8)).bytes).base64EncodedString()
    /// What every response carries.
    static let securityHeaders: [(name: String, value: String)] = [
        ("Content-Security-Policy", contentSecurityPolicy),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "strict-origin-when-cross-origin"),
    ]
    /// For a file whose name changes with its bytes: hashed theme files and stored images.
    static let immutable = "public, max-age=31536000, immutable"

    let hosting: SiteConfig.Hosting
    /// The theme's hashed files, as published.
    let hashedFiles: [SitePath]

    /// Page caching for `/` and `*.html` (the rules of both hosts match a `*` anywhere in a
    /// path); the long-lived files each by name, and the image folder whole. No rule gives
    /// the same header twice to one path: both hosts would join the values.
    var contents: [UInt8] {
        var text = "# Written by wenjin build (site.json build.hosting): response headers for Netlify and Cloudflare Pages.\n"
        text += "/*\n" + Self.securityHeaders.map { "  \($0.name): \($0.value)\n" }.joined()
        let page = "  Cache-Control: public, max-age=\(hosting.htmlMaxAgeSeconds)\n"
        text += "/\n" + page + "/*.html\n" + page
        for path in hashedFiles.sorted() {
            text += "/\(path.text)\n  Cache-Control: \(Self.immutable)\n"
        }
        text += "/\(SiteLayout.imageFolder)*\n  Cache-Control: \(Self.immutable)\n"
        return Array(text.utf8)
    }
}
