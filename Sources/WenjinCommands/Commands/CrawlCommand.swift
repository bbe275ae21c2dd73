/// `wenjin crawl [--source URL] [--max-requests N]`
enum CrawlCommand {
    static let source = Parameter.option(
        "source", value: "URL", kind: .webURL,
        help: "Base URL of the community to fetch; wins over source.baseURL in site.json.")
    static let maxRequests = Parameter.option(
        "max-requests", value: "N", kind: .integer(1...Int.max),
        help: "Stop after N requests; the next crawl resumes where this one stopped.")

    static let declaration = CommandDeclaration(
        name: "crawl",
        summary: "Fetch the community into the store; resumable, and a second run fetches only what changed.",
        discussion: """
            Questions, answers, comments, users, topics, articles and images go into .wenjin/ \
            (the store named in site.json). A killed crawl resumes where it stopped.
            """,
        parameters: [source, maxRequests],
        action: NotAvailable.action)
}
