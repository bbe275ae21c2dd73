/// A subcommand of `wenjin`, declared once: its name, what it does, what it takes, and what runs.
/// Help, usage lines and argument checking are all generated from this value.
package struct CommandDeclaration: Sendable {
    /// What a command does once its arguments are parsed; returns the exit status (so `check`
    /// can list broken links on stdout and still end with 1) or throws an error to report.
    package typealias Action = @Sendable (Invocation) async throws -> ExitCode

    package let name: String
    /// One line for the command list of `wenjin --help`.
    package let summary: String
    /// Optional paragraphs for the command's own `--help`.
    package let discussion: String?
    package let parameters: [Parameter]
    /// Non-empty for a command group such as `drafts list|show|new|rm`.
    package let subcommands: [CommandDeclaration]
    let action: Action?

    /// A command that runs.
    package init(
        name: String, summary: String, discussion: String? = nil,
        parameters: [Parameter] = [], action: @escaping Action
    ) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.parameters = parameters
        self.subcommands = []
        self.action = action
    }

    /// A group whose subcommands run (`wenjin drafts list`).
    package init(name: String, summary: String, discussion: String? = nil, subcommands: [CommandDeclaration]) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.parameters = []
        self.subcommands = subcommands
        self.action = nil
    }

    var options: [Parameter] { parameters.filter { !$0.isPositional } }
    var positionals: [Parameter] { parameters.filter(\.isPositional) }
}
