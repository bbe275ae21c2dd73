import Foundation
import WenjinSample

/// `wenjin sample-server [--port P] [--questions N] [--seed S] [--flavor wenjin|wecenter] [--faults SPEC]`
/// `[--edited-answers M] [--deleted-questions N] [--deleted-answers N] [--deleted-users N]`
/// `[--deleted-comments N] [--new-comments N] [--edited-profiles N]`
enum SampleServerCommand {
    static let port = Parameter.option(
        "port", value: "P", kind: .integer(0...65_535), default: "8080",
        help: "Port on 127.0.0.1; 0 picks a free one and prints it.")
    /// Shared with `sample-stats`, so both describe the same community by default.
    static let questions = Parameter.option(
        "questions", value: "N", kind: .integer(0...1_000_000), default: "200",
        help: "Number of questions the generated community holds.")
    static let seed = Parameter.option(
        "seed", value: "S", kind: .integer(0...Int.max), default: "1",
        help: "Seed of the generator: the same seed gives the same community and the same faults.")
    static let flavor = Parameter.option(
        "flavor", value: "wenjin|wecenter", kind: .choice(["wenjin", "wecenter"]), default: "wenjin",
        help: "Serve WENJIN's API variant, or upstream WeCenter 3.1 with the ifLab API.")
    static let faults = Parameter.option(
        "faults", value: "SPEC",
        help: "Faults to inject, chosen from the seed: HTTP 500s, dropped connections, slow responses, "
            + "truncated bodies, 429 with Retry-After; and hostile ones: gzip bombs, huge bodies, trickled "
            + "bodies and heads, redirects to another host name.")

    static let editedAnswers = Parameter.option(
        "edited-answers", value: "M", kind: .integer(0...1_000_000), default: "0",
        help: "Answers edited after posting (each bumps its question), for testing incremental crawls.")
    static let deletedQuestions = Parameter.option(
        "deleted-questions", value: "N", kind: .integer(0...1_000_000), default: "0",
        help: "Questions deleted later (with their answers): they answer as deleted and leave every list.")
    static let deletedAnswers = Parameter.option(
        "deleted-answers", value: "N", kind: .integer(0...1_000_000), default: "0",
        help: "Answers deleted later: they answer as deleted and leave their question and every list.")
    static let deletedUsers = Parameter.option(
        "deleted-users", value: "N", kind: .integer(0...1_000_000), default: "0",
        help: "Users deleted later (their posts stay): their profile answers as deleted, they leave follow lists.")
    static let deletedComments = Parameter.option(
        "deleted-comments", value: "N", kind: .integer(0...1_000_000), default: "0",
        help: "Answer comments deleted later: they leave their answer's list and comment count.")
    static let newComments = Parameter.option(
        "new-comments", value: "N", kind: .integer(0...1_000_000), default: "0",
        help: "Comments added later to existing answers; like upstream, they move no question's update time.")
    static let editedProfiles = Parameter.option(
        "edited-profiles", value: "N", kind: .integer(0...1_000_000), default: "0",
        help: "Users whose signature changed later, which no list shows.")
    /// The options that change the community after its last post, for re-crawls (shared with `sample-stats`).
    static let laterChanges = [editedAnswers, deletedQuestions, deletedAnswers, deletedUsers, deletedComments, newComments,
                                editedProfiles]
    static let robots = Parameter.option(
        "robots", value: "FILE", help: "Serve this file as /robots.txt instead of the default one.")

    static let declaration = CommandDeclaration(
        name: "sample-server",
        summary: "Serve the bundled sample community through the WENJIN API on 127.0.0.1.",
        discussion: "Every sample user logs in with their user name and the password '\(SampleAPI.password)'. "
            + "The server runs until it is interrupted (Ctrl-C).",
        parameters: [port, questions, seed, flavor, faults] + laterChanges + [robots],
        action: run)

    /// The community the options describe (shared with `sample-stats`).
    static func community(_ arguments: ParsedArguments) -> SampleCommunity {
        SampleCommunity(.init(
            seed: UInt64(arguments.integer(seed) ?? 2015), questions: arguments.integer(questions) ?? 200,
            editedAnswers: arguments.integer(editedAnswers) ?? 0, deletedQuestions: arguments.integer(deletedQuestions) ?? 0,
            deletedAnswers: arguments.integer(deletedAnswers) ?? 0, deletedUsers: arguments.integer(deletedUsers) ?? 0,
            deletedComments: arguments.integer(deletedComments) ?? 0,
            newComments: arguments.integer(newComments) ?? 0, editedProfiles: arguments.integer(editedProfiles) ?? 0))
    }

    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let arguments = invocation.arguments
        let flavorName = arguments.text(flavor) ?? "wenjin"
        var robotsTxt = SampleAPI.defaultRobotsTxt
        if let path = arguments.text(robots) {
            let url = URL(fileURLWithPath: path, relativeTo: invocation.workingDirectory)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw CommandLineError(commandPath: invocation.commandPath, reason: .invalidValue(
                    path, parameter: "--robots", expected: "a readable UTF-8 file", suggestion: nil))
            }
            robotsTxt = text
        }
        var faultSet: SampleFaults?
        if let spec = arguments.text(faults) {
            do {
                faultSet = SampleFaults(spec: try SampleFaults.Spec(parsing: spec), seed: UInt64(arguments.integer(seed) ?? 2015))
            } catch {
                throw CommandLineError(commandPath: invocation.commandPath, reason: .invalidValue(
                    spec, parameter: "--faults", expected: error.description, suggestion: nil))
            }
        }
        let started = Date()
        let api = SampleAPI(community: community(arguments), flavor: SampleAPI.Flavor(rawValue: flavorName) ?? .wenjin, robotsTxt: robotsTxt)
        let server = SampleServer(api: api, faults: faultSet, port: arguments.integer(port) ?? 8080)
        let boundPort = try server.start()
        let stats = SampleStats(api.community)
        invocation.console.output("Sample WENJIN community (\(flavorName) flavor, \(stats.questions) questions, "
            + "\(stats.users) users, generated in \(String(format: "%.2f", Date().timeIntervalSince(started))) s) "
            + "at http://127.0.0.1:\(boundPort)/")
        await Interruption.wait()
        server.stop()
        return .success
    }
}
