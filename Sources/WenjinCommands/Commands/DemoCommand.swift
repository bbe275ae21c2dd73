/// `wenjin demo`
enum DemoCommand {
    static let declaration = CommandDeclaration(
        name: "demo",
        summary: "The whole job against the sample server: crawl, build, serve.",
        discussion: """
            Starts the sample server on a free port and crawls it (that address wins over \
            source.baseURL in site.json), then builds the site and serves it.
            """,
        action: NotAvailable.action)
}
