import Foundation
import WenjinLinkCheck
import WenjinSite
import WenjinStore

/// `wenjin check [DIR] [--privacy]`
enum CheckCommand {
    static let privacy = Parameter.flag(
        "privacy",
        help: "Instead of links, look for what must not be published: withdrawn posts' titles and texts, hidden users' "
            + "names and profile links, removed images, anonymous posts' real authors (needs the site folder's store).")
    static let directory = Parameter.positional(
        "DIR", required: false,
        help: "The built site to check; build.outputDirectory of site.json when omitted.")

    static let declaration = CommandDeclaration(
        name: "check",
        summary: "Check that every internal link and asset of a built site resolves; exit 1 with a list if not.",
        discussion: "With --privacy, check instead that no file of the site lets out what the store, the takedowns "
            + "(site.json privacy.takedowns) and the anonymity of posts forbid; exit 1 with a list if any does.",
        parameters: [directory, privacy],
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
        if invocation.arguments.isSet(privacy) { return try checkPrivacy(of: root, invocation) }
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

    /// Each finding on stdout (`file: what`, never the forbidden text itself); the verdict on
    /// stderr when there are any.
    private static func checkPrivacy(of root: URL, _ invocation: Invocation) throws -> ExitCode {
        let config = try invocation.loadSiteConfig()
        let store = try Store.openExisting(at: config.resolve(config.store.directory).appendingPathComponent(Store.fileName))
        let report = try PrivacyCheck(root: root, forbidden: try ForbiddenContent.gather(store: store, config: config)).run()
        for finding in report.findings { invocation.console.output(finding.description) }
        let summary = "checked \(counted(report.files, "file")) for withheld content"
        if report.passed {
            invocation.console.output("\(summary): nothing withheld is published")
            return .success
        }
        let files = Set(report.findings.map(\.file)).count
        invocation.console.error("wenjin: \(summary): \(counted(report.findings.count, "finding")) in \(counted(files, "file"))\n")
        return .failure
    }

    private static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}

// Kept beside the one command that raises it, rather than in ErrorAdapters/, which is not this change's to edit.
extension LinkCheckError: UserFacingError {
    package var failure: String { "cannot check the site" }
    package var location: String? { root }
    package var cause: String? {
        switch reason {
        case .notAFolder: return "there is no folder at this path"
        case .unreadable: return "the folder cannot be listed"
        case .nameNotUTF8: return "the folder holds a file whose name is not UTF-8 text"
        }
    }
    package var remedy: String? {
        switch reason {
        case .notAFolder, .unreadable: "run 'wenjin build' first, or name the built site: 'wenjin check DIR'"
        case .nameNotUTF8: "rename or remove the file: no build writes such a name, and no link can reach it"
        }
    }
}
