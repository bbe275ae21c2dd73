import Foundation
import WenjinTemplates

extension PageRenderer {
    /// The search page; the theme's `search.js` loads the index shards a query needs.
    func searchPage() -> PageFrame {
        let path = SiteLayout.search
        let page: TemplateValue = [
            "script": .string(path.link(to: SitePath("assets/js/search.js"))),
            "indexFolder": .string(path.link(to: SitePath("search/"))),
        ]
        return PageFrame(path: path, template: "search", title: ui["search"], noIndex: true, content: page)
    }

    /// Served by static hosts and the preview for any missing file, at any depth. Its links are
    /// relative to the site root, so it works opened from disk and at the top level; served
    /// over HTTP from deeper, a script sets `<base>` to the site's root path (the base URL's
    /// path when the address lies under it, else `/`, as in the preview) before the styles load.
    /// A fixed `<base href>` of the production host would send readers of a copy off to it.
    func notFoundPage() -> PageFrame {
        let rootPath = baseURL.flatMap { URLComponents(string: $0)?.path }.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/"
        let literal = String(decoding: (try? Self.scriptEncoder.encode(rootPath)) ?? Data("\"/\"".utf8), as: UTF8.self)
            .replacingOccurrences(of: "<", with: "\\u003c")
        let script = "(function(){if(!/^https?:$/.test(location.protocol))return;var r=\(literal);"
            + "var b=document.createElement(\"base\");b.href=location.pathname.indexOf(r)===0?r:\"/\";document.head.appendChild(b);})();"
        let page: TemplateValue = ["sitePath": .string(rootPath), "baseScript": .html(TrustedHTML(trusted: script))]
        return PageFrame(path: SiteLayout.notFound, template: "404", title: ui["notFound"], noIndex: true, content: page)
    }

    private static let scriptEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return encoder
    }()

    /// What the archive is: its source, when it was crawled, and what it holds.
    func aboutPage() -> PageFrame {
        let counts = content.counts
        let rows: [(String, Int)] = [
            ("questions", counts.questions), ("answers", counts.answers), ("comments", counts.comments),
            ("users", counts.users), ("topics", counts.topics), ("articles", counts.articles),
            ("articleComments", counts.articleComments), ("images", counts.assets),
        ]
        let page: TemplateValue = [
            "source": .string(content.sourceBase + "/"),
            "crawledAt": content.crawlFinishedAt.map(TemplateValue.string) ?? .null,
            "counts": .list(rows.map { key, value in ["label": .string(ui["count." + key]), "value": .int(value)] }),
        ]
        return PageFrame(path: SiteLayout.about, template: "about", title: ui["about"], section: .about, content: page)
    }
}
