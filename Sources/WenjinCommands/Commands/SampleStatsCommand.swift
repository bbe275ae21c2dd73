import Foundation
import WenjinSample

/// `wenjin sample-stats [--questions N] [--seed S] --json`
enum SampleStatsCommand {
    static let json = Parameter.flag(
        "json", required: true, help: "Print one JSON object in the shape of 'wenjin stats --json'.")

    static let declaration = CommandDeclaration(
        name: "sample-stats",
        summary: "Print the counts the sample community holds, in the 'stats --json' shape.",
        parameters: [SampleServerCommand.questions, SampleServerCommand.seed, json] + SampleServerCommand.laterChanges,
        action: { invocation in
            let stats = SampleStats(SampleServerCommand.community(invocation.arguments))
            invocation.console.output(try JSONOutput.encode(stats))
            return .success
        })
}
