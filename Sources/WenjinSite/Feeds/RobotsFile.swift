import Foundation
import WenjinBuildSupport

/// `robots.txt`: everything may be crawled; the sitemap is named when the site has a base URL
/// (the protocol wants its absolute URL).
package enum RobotsFile {
    package static func generatedFile(baseURL: URL?, sitemapPath: String = "sitemap.xml") -> GeneratedFile {
        var text = "User-agent: *\nAllow: /\n"
        if let sitemap = SiteURL(baseURL: baseURL).absolute(sitemapPath) {
            text += "\nSitemap: \(sitemap)\n"
        }
        return GeneratedFile(path: "robots.txt", text: text)
    }
}
