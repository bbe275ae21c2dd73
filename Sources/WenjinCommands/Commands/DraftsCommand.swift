/// `wenjin drafts list|show|new|rm`: the local draft.db, in the iOS client's schema, where a
/// draft's only key is its save time in unix seconds.
enum DraftsCommand {
    static let draftTime = Parameter.positional(
        "TIME", kind: .integer(0...Int.max), help: "The draft's save time in unix seconds, as list prints it.")
    static let title = Parameter.option(
        "title", value: "TEXT", help: "Title of a new question draft.")
    static let question = Parameter.option(
        "question", value: "ID", kind: .integer(1...Int.max), help: "Question a new answer draft answers.")
    static let topics = Parameter.option(
        "topics", value: "LIST", help: "Comma-separated topic titles of a new question draft.")
    static let anonymous = Parameter.flag("anonymous", help: "Mark the new draft as posted anonymously.")

    static let declaration = CommandDeclaration(
        name: "drafts",
        summary: "Manage the local draft.db (drafts.path in site.json).",
        subcommands: [
            CommandDeclaration(
                name: "list", summary: "List the drafts: time, kind, title or question.",
                action: NotAvailable.action),
            CommandDeclaration(
                name: "show", summary: "Print one draft's text.",
                parameters: [draftTime], action: NotAvailable.action),
            CommandDeclaration(
                name: "new", summary: "Add a draft whose text is read from stdin.",
                discussion: "Give --title for a question draft or --question for an answer draft.",
                parameters: [title, question, topics, anonymous], action: NotAvailable.action),
            CommandDeclaration(
                name: "rm", summary: "Delete the drafts saved at TIME (all saved in that second, as the app does).",
                parameters: [draftTime], action: NotAvailable.action),
        ])
}
