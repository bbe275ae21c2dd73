/// `wenjin stats [--json]`
enum StatsCommand {
    static let json = Parameter.flag(
        "json", help: "Print one JSON object (keys: questions, answers, comments, users, topics, "
            + "articles, article_comments, assets).")

    static let declaration = CommandDeclaration(
        name: "stats",
        summary: "Count what the store holds: questions, answers, comments, users, topics, articles, assets.",
        parameters: [json],
        action: NotAvailable.action)
}
