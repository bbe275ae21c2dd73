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
    static let title = Parameter.option("title", value: "TEXT", required: true, help: "Title of the question.")
    static let question = Parameter.option(
        "question", value: "ID", kind: .integer(1...Int.max), required: true, help: "The question the answer answers.")
    static let topics = Parameter.option("topics", value: "LIST", help: "Comma-separated topic titles.")
    static let anonymous = Parameter.flag("anonymous", help: "Mark the draft as posted anonymously.")
    static let body = Parameter.option(
        "body", value: "FILE", required: true, help: "The text: a file, or - for stdin (see drafts new --help).")

    static let bodySyntax = """
        The body is plain text; a blank line separates paragraphs. A line holding only \
        ![](path/to/image.png) inserts that image there (the path is relative to the body file's \
        folder, or to the current folder for stdin).
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
                name: "new", summary: "Add a question or answer draft.",
                discussion: bodySyntax,
                subcommands: [
                    CommandDeclaration(
                        name: "question", summary: "Add a question draft; prints its reference.",
                        discussion: bodySyntax, parameters: [title, topics, anonymous, body], action: newQuestion),
                    CommandDeclaration(
                        name: "answer", summary: "Add an answer draft; prints its reference.",
                        discussion: bodySyntax, parameters: [question, anonymous, body], action: newAnswer),
                ]),
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
            invocation.console.output("\(reference) cannot be read: \(unreadable.reason)")
            return .failure
        }
        invocation.console.outputRaw(DraftListing.detail(of: reference, in: drafts))
        return .success
    }

    static func newQuestion(_ invocation: Invocation) async throws -> ExitCode {
        let arguments = invocation.arguments
        let topicList = (arguments.text(topics) ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let draft = QuestionDraft(
            title: arguments.text(title) ?? "", body: try readBody(invocation), topics: topicList,
            isAnonymous: arguments.isSet(anonymous))
        invocation.console.output(try database(invocation).add(draft).description)
        return .success
    }

    static func newAnswer(_ invocation: Invocation) async throws -> ExitCode {
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
