import Foundation
import WenjinBuildSupport
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
    /// The root path is the script element's `data-root`, so the script's text never changes
    /// and a Content-Security-Policy can allow exactly it by its hash (`HeadersFile`).
    func notFoundPage() -> PageFrame {
        let rootPath = baseURL.flatMap { URLComponents(string: $0)?.path }.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? "/"
        let page: TemplateValue = ["sitePath": .string(rootPath), "baseScript": .html(TrustedHTML(trusted: Self.notFoundBaseScript))]
        return PageFrame(path: SiteLayout.notFound, template: "404", title: ui["notFound"], noIndex: true, content: page)
    }

    /// The 404 page's one inline script (see `notFoundPage`).
    static let notFoundBaseScript = "(function(){if(!/^https?:$/.test(location.protocol))return;"
        + "var r=document.currentScript.getAttribute(\"data-root\");var b=document.createElement(\"base\");"
        + "b.href=location.pathname.indexOf(r)===0?r:\"/\";document.head.appendChild(b);})();"

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
