import Foundation
import WenjinBuildSupport

/// Writes `AtomFeed`s as Atom 1.0 (RFC 4287). Links are absolute under the base URL, or
/// relative to the feed file for an offline mirror; ids are the absolute page URLs, or `tag:`
/// URIs naming the page when there is no base URL (ids must be absolute and must not change).
package struct AtomWriter: Sendable {
    package let siteTitle: String
    package let baseURL: URL?
    /// Names the archive in `tag:` ids when there is no base URL.
    static let tagPrefix = "tag:wenjin.archive,2026:"

    package init(siteTitle: String, baseURL: URL?) {
        self.siteTitle = siteTitle
        self.baseURL = baseURL
    }

    package func file(for feed: AtomFeed) -> GeneratedFile {
        let site = SiteURL(baseURL: baseURL)
        let depth = feed.path.depth
        let updated = feed.updated ?? feed.entries.map(\.updated).max() ?? Date(timeIntervalSince1970: 0)
        var xml = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        element("id", id(for: feed.path.text, site: site), into: &xml)
        element("title", feed.title, into: &xml)
        if let subtitle = feed.subtitle { element("subtitle", subtitle, into: &xml) }
        element("updated", AtomDate.string(updated), into: &xml)
        xml += "  <author><name>"
        XMLText.append(siteTitle, to: &xml)
        xml += "</name></author>\n"
        link(rel: "self", href: site.absolute(feed.path.text) ?? lastComponent(of: feed.path.text), type: "application/atom+xml", into: &xml)
        link(rel: "alternate", href: site.link(feed.pageURL, fromDepth: depth), type: "text/html", into: &xml)
        xml += "  <generator>wenjin</generator>\n"
        for entry in feed.entries {
            let href = site.link(entry.url, fromDepth: depth)
            xml += "  <entry>\n"
            element("id", id(for: entry.url, site: site), indent: 4, into: &xml)
            element("title", entry.title, indent: 4, into: &xml)
            element("published", AtomDate.string(entry.published), indent: 4, into: &xml)
            element("updated", AtomDate.string(entry.updated), indent: 4, into: &xml)
            if let author = entry.author {
                xml += "    <author><name>"
                XMLText.append(author, to: &xml)
                xml += "</name></author>\n"
            }
            link(rel: "alternate", href: href, type: "text/html", indent: 4, into: &xml)
            for category in entry.categories {
                xml += "    <category term=\""
                XMLText.append(category, to: &xml)
                xml += "\"/>\n"
            }
            if let summary = entry.summary { element("summary", summary, indent: 4, into: &xml) }
            if let content = entry.content {
                xml += "    <content type=\"html\" xml:base=\""
                XMLText.append(href, to: &xml)
                xml += "\">"
                XMLText.append(content.html, to: &xml)
                xml += "</content>\n"
            }
            xml += "  </entry>\n"
        }
        xml += "</feed>\n"
        return GeneratedFile(path: feed.path, contents: Data(xml.utf8))
    }

    private func id(for path: String, site: SiteURL) -> String {
        site.absolute(path) ?? AtomWriter.tagPrefix + SiteURL.percentEncoded(path)
    }

    private func lastComponent(of path: String) -> String {
        SiteURL.percentEncoded(String(path.split(separator: "/").last ?? Substring(path)))
    }

    private func element(_ name: String, _ text: String, indent: Int = 2, into xml: inout String) {
        xml += String(repeating: " ", count: indent) + "<\(name)>"
        XMLText.append(text, to: &xml)
        xml += "</\(name)>\n"
    }

    private func link(rel: String, href: String, type: String, indent: Int = 2, into xml: inout String) {
        xml += String(repeating: " ", count: indent) + "<link rel=\"\(rel)\" type=\"\(type)\" href=\""
        XMLText.append(href, to: &xml)
        xml += "\"/>\n"
    }
}
