import Foundation
import WenjinDrafts
import WenjinSite

/// `wenjin drafts list|show|new|rm`: the local draft.db (site.json's `drafts.path`), in the iOS
/// client's schema. Drafts are named as `list` prints them: `q3`, `a7` (table and row), or by save
/// time when no other draft was saved in that second.
enum DraftsCommand {
    static let draft = Parameter.positional(
        "TIME", help: "The draft: its save time in unix seconds, or q<N>/a<N> as list prints it "
            + "(needed when several drafts share a second).")
    /// Checked by `add` rather than as a `.choice`, so the two kinds can each require their own options.
    static let kind = Parameter.positional("KIND", help: "question or answer.")
    static let title = Parameter.option("title", value: "TEXT", help: "Title of a question draft (required for one).")
    static let question = Parameter.option(
        "question", value: "ID", kind: .integer(1...Int.max), help: "The question an answer draft answers (required for one).")
    static let topics = Parameter.option("topics", value: "LIST", help: "Comma-separated topic titles.")
    static let anonymous = Parameter.flag("anonymous", help: "Mark the draft as posted anonymously.")
    static let body = Parameter.option(
        "body", value: "FILE", required: true, help: "The text: a file, or - for stdin (syntax above).")

    static let bodySyntax = """
        The body is plain text; a blank line separates paragraphs. A line holding only \
        ![](path/to/image.png) inserts that image there (the path is relative to the body file's \
        folder, or to the current folder for stdin; PNG, JPEG, GIF or WebP, known by the file's \
        first bytes).
        """

    static let declaration = CommandDeclaration(
        name: "drafts",
        summary: "Manage the local draft.db (drafts.path in site.json).",
        subcommands: [
            CommandDeclaration(
                name: "list", summary: "List the drafts: reference, save time, kind, title or question.",
                action: list),
            CommandDeclaration(
                name: "show", summary: "Print one draft: its fields, then its text.",
                parameters: [draft], action: show),
            CommandDeclaration(
                name: "new", summary: "Add a question or answer draft; prints its reference.",
                discussion: """
                    wenjin drafts new question --title T [--topics A,B] [--anonymous] --body FILE|-
                    wenjin drafts new answer --question ID [--anonymous] --body FILE|-

                    """ + "\n" + bodySyntax,
                parameters: [kind, title, topics, question, anonymous, body], action: add),
            CommandDeclaration(
                name: "rm", summary: "Delete exactly one draft (never the others saved in the same second).",
                parameters: [draft], action: remove),
        ])

    static func database(_ invocation: Invocation) throws -> DraftDatabase {
        let config = try invocation.loadSiteConfig()
        return DraftDatabase(configured: config.resolve(config.drafts.path))
    }

    static func list(_ invocation: Invocation) async throws -> ExitCode {
        let database = try database(invocation)
        let drafts = try database.load()
        if drafts.isEmpty {
            invocation.console.output("no drafts in \(database.file.path)")
            return .success
        }
        for line in DraftListing.lines(drafts) { invocation.console.output(line) }
        return .success
    }

    static func show(_ invocation: Invocation) async throws -> ExitCode {
        let database = try database(invocation)
        let reference = try database.reference(for: invocation.arguments.text(draft) ?? "")
        let drafts = try database.load()
        if let unreadable = drafts.unreadable.first(where: { $0.reference == reference }) {
            invocation.console.output("\(reference) cannot be read: \(TerminalText.escaped(unreadable.reason))")
            return .failure
        }
        invocation.console.outputRaw(DraftListing.detail(of: reference, in: drafts))
        return .success
    }

    /// `new question` needs --title and takes --topics; `new answer` needs --question.
    static func add(_ invocation: Invocation) async throws -> ExitCode {
        let arguments = invocation.arguments
        func usage(_ reason: CommandLineError.Reason) -> CommandLineError {
            CommandLineError(commandPath: invocation.commandPath, reason: reason)
        }
        switch arguments.text(kind) {
        case "question":
            guard arguments.text(title) != nil else { throw usage(.missingOption("--title")) }
            guard arguments.integer(question) == nil else { throw usage(.unexpectedArgument("--question")) }
            return try await newQuestion(invocation)
        case "answer":
            guard arguments.integer(question) != nil else { throw usage(.missingOption("--question")) }
            guard arguments.text(title) == nil else { throw usage(.unexpectedArgument("--title")) }
            guard arguments.text(topics) == nil else { throw usage(.unexpectedArgument("--topics")) }
            return try await newAnswer(invocation)
        case let other:
            throw usage(.invalidValue(other ?? "", parameter: "KIND", expected: "question or answer", suggestion: nil))
        }
    }

    private static func newQuestion(_ invocation: Invocation) async throws -> ExitCode {
        let arguments = invocation.arguments
        let topicList = (arguments.text(topics) ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let draft = QuestionDraft(
            title: arguments.text(title) ?? "", body: try readBody(invocation), topics: topicList,
            isAnonymous: arguments.isSet(anonymous))
        invocation.console.output(try database(invocation).add(draft).description)
        return .success
    }

    private static func newAnswer(_ invocation: Invocation) async throws -> ExitCode {
        let arguments = invocation.arguments
        let draft = AnswerDraft(
            questionID: arguments.integer(question) ?? 0, body: try readBody(invocation),
            isAnonymous: arguments.isSet(anonymous))
        invocation.console.output(try database(invocation).add(draft).description)
        return .success
    }

    static func remove(_ invocation: Invocation) async throws -> ExitCode {
        let database = try database(invocation)
        let reference = try database.reference(for: invocation.arguments.text(draft) ?? "")
        try database.remove(reference)
        invocation.console.output("removed \(reference)")
        return .success
    }

    /// The `--body` text: a file (images relative to its folder) or stdin (relative to the site folder).
    private static func readBody(_ invocation: Invocation) throws -> DraftBody {
        let path = invocation.arguments.text(body) ?? "-"
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return try DraftBodyText.parse(String(decoding: data, as: UTF8.self), imageFolder: invocation.workingDirectory)
        }
        let file = path.hasPrefix("/") ? URL(fileURLWithPath: path) : invocation.workingDirectory.appendingPathComponent(path)
        let text: String
        do {
            text = try String(contentsOf: file, encoding: .utf8)
        } catch {
            throw DraftBodyFileError(path: file.path, cause: error.localizedDescription)
        }
        return try DraftBodyText.parse(text, imageFolder: file.deletingLastPathComponent())
    }
}

/// `--body FILE` names a file that cannot be read as UTF-8 text.
struct DraftBodyFileError: UserFacingError {
    let path: String
    let cause: String?

    var failure: String { "cannot read the draft's body" }
    var location: String? { path }
    var remedy: String? { "give --body a UTF-8 text file, or - to read stdin" }
}
