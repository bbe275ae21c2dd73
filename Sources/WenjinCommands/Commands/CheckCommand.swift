import Foundation
import WenjinSite

/// `wenjin check [DIR]`
enum CheckCommand {
    static let directory = Parameter.positional(
        "DIR", required: false,
        help: "The built site to check; build.outputDirectory of site.json when omitted.")

    static let declaration = CommandDeclaration(
        name: "check",
        summary: "Check that every internal link and asset of a built site resolves; exit 1 with a list if not.",
        parameters: [directory],
        action: run)

    /// The list of broken references is the command's result, so it goes to stdout (one line
    /// each, `page:line: reference — why`); the verdict goes to stderr when there are any.
    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let root: URL
        if let path = invocation.arguments.text(directory) {
            root = path.hasPrefix("/") ? URL(fileURLWithPath: path) : invocation.workingDirectory.appendingPathComponent(path)
        } else {
            let config = try invocation.loadSiteConfig()
            root = config.resolve(config.build.outputDirectory)
        }
        let report = try LinkChecker(root: root).check()
        for problem in report.problems { invocation.console.output(problem.description) }
        let summary = "checked \(counted(report.pages, "page")) and \(counted(report.references, "reference"))"
        if report.passed {
            invocation.console.output("\(summary): every internal link resolves")
            return .success
        }
        let pages = Set(report.problems.map(\.page)).count
        invocation.console.error("wenjin: \(summary): \(report.problems.count) broken in \(counted(pages, "page"))\n")
        return .failure
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

// Kept beside the one command that raises it, rather than in ErrorAdapters/, which is not this change's to edit.
extension LinkCheckError: UserFacingError {
    public var failure: String { "cannot check the site" }
    public var location: String? { root }
    public var cause: String? {
        switch reason {
        case .notAFolder: return "there is no folder at this path"
        case .unreadable: return "the folder cannot be listed"
        }
    }
    public var remedy: String? { "run 'wenjin build' first, or name the built site: 'wenjin check DIR'" }
}
