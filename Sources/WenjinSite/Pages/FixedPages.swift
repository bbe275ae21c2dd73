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

    /// Served by static hosts for any missing file, at any depth; when the base URL is known
    /// the layout gives it a `<base href>` so its relative links still lead home.
    func notFoundPage() -> PageFrame {
        PageFrame(path: SiteLayout.notFound, template: "404", title: ui["notFound"], noIndex: true, content: [:])
    }

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
        return PageFrame(path: SiteLayout.about, template: "about", title: ui["about"], content: page)
    }
}
