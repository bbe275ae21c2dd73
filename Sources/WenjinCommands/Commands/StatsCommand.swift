import Foundation
import WenjinSite
import WenjinStore

/// `wenjin stats [--json]`
enum StatsCommand {
    static let json = Parameter.flag(
        "json", help: "Print one JSON object (keys: questions, answers, comments, users, topics, "
            + "articles, article_comments, assets).")

    static let declaration = CommandDeclaration(
        name: "stats",
        summary: "Count what the store holds: questions, answers, comments, users, topics, articles, assets.",
        parameters: [json],
        action: run)

    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let config = try invocation.loadSiteConfig()
        let store = try Store.openExisting(at: config.resolve(config.store.directory).appendingPathComponent(Store.fileName))
        let counts = try store.counts()
        if invocation.arguments.isSet(json) {
            invocation.console.output(try JSONOutput.encode(counts))
        } else {
            let rows: [(String, Int)] = [
                ("questions", counts.questions), ("answers", counts.answers), ("comments", counts.comments),
                ("users", counts.users), ("topics", counts.topics), ("articles", counts.articles),
                ("article comments", counts.articleComments), ("assets", counts.assets),
            ]
            for (name, count) in rows { invocation.console.output(name.padding(toLength: 18, withPad: " ", startingAt: 0) + String(count)) }
        }
        return .success
    }
}
