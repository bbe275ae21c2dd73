/// Generates `--help` text from command declarations, so help can never drift from what the
/// parser accepts.
struct HelpText {
    let toolName: String
    let version: String
    let commands: [CommandDeclaration]
    /// Lines are wrapped to this many columns.
    var width = 80

    /// `wenjin --help`.
    func forTool() -> String {
        var text = wrap("\(toolName) \(version): turn a WENJIN (问津) community into a static website.", indent: 0)
        text += "\n\n"
        text += "Usage: \(toolName) <command> [options]\n"
        text += "       \(toolName) --help | --version\n\n"
        text += "Commands:\n" + table(commands.map { ($0.name, $0.summary) })
        text += "\nOptions:\n" + table([("-h, --help", "Show this help."), ("--version", "Print the version.")])
        text += "\n" + wrap("Settings come from site.json in the current folder; command-line options win "
                            + "over it. Exit status: 0 success, 1 failure, 64 bad usage.", indent: 0) + "\n"
        text += "\nRun '\(toolName) <command> --help' for a command's options.\n"
        return text
    }

    /// `wenjin crawl --help`, `wenjin drafts --help`, `wenjin drafts show --help`.
    func forCommand(path: [CommandDeclaration]) -> String {
        guard let command = path.last else { return forTool() }
        let name = ([toolName] + path.map(\.name)).joined(separator: " ")
        var text = "Usage: \(usage(of: command, named: name))\n\n"
        text += wrap(command.summary, indent: 0) + "\n"
        if let discussion = command.discussion {
            text += "\n" + discussion.split(separator: "\n", omittingEmptySubsequences: false)
                .map { wrap(String($0), indent: 0) }.joined(separator: "\n") + "\n"
        }
        if !command.subcommands.isEmpty {
            text += "\nSubcommands:\n" + table(command.subcommands.map { ($0.name, $0.summary) })
            text += "\nRun '\(name) <subcommand> --help' for its options.\n"
            return text
        }
        if !command.positionals.isEmpty {
            text += "\nArguments:\n" + table(command.positionals.map { ($0.name, describe($0)) })
        }
        text += "\nOptions:\n"
        text += table(command.options.map { ($0.usageForm, describe($0)) } + [("-h, --help", "Show this help.")])
        return text
    }

    /// `wenjin crawl [--source URL] [--max-requests N]`, the form the table in docs/design.md#command-line uses.
    func usage(of command: CommandDeclaration, named name: String) -> String {
        if !command.subcommands.isEmpty {
            return name + " " + command.subcommands.map(\.name).joined(separator: "|")
        }
        let options = command.options.map { $0.isRequired ? $0.usageForm : "[\($0.usageForm)]" }
        let positionals = command.positionals.map { $0.isRequired ? $0.name : "[\($0.name)]" }
        return ([name] + options + positionals).joined(separator: " ")
    }

    private func describe(_ parameter: Parameter) -> String {
        var parts = [parameter.help]
        switch parameter.valueKind {
        case .integer(let range)?:
            if range != Int.min...Int.max { parts.append("Range: \(rangeText(range)).") }
        case .choice(let choices)?:
            parts.append("One of: \(choices.joined(separator: ", ")).")
        default:
            break
        }
        if let defaultValue = parameter.defaultValue { parts.append("Default: \(defaultValue).") }
        return parts.joined(separator: " ")
    }

    private func rangeText(_ range: ClosedRange<Int>) -> String {
        range.upperBound == Int.max ? "\(range.lowerBound) or more" : "\(range.lowerBound)–\(range.upperBound)"
    }

    /// Two columns: names padded to the longest, descriptions wrapped under themselves.
    private func table(_ rows: [(String, String)]) -> String {
        let nameWidth = min(24, rows.map(\.0.count).max() ?? 0)
        return rows.map { name, description in
            let indent = 2 + nameWidth + 2
            let padded = name.count > nameWidth
                ? "  " + name + "\n" + String(repeating: " ", count: indent)
                : "  " + name + String(repeating: " ", count: nameWidth - name.count + 2)
            return padded + wrap(description, indent: indent).dropFirst(indent) + "\n"
        }.joined()
    }

    /// Greedy word wrap; every line, including the first, starts with `indent` spaces.
    private func wrap(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        var line = margin
        for word in text.split(separator: " ") {
            if line.count > indent, line.count + 1 + word.count > width {
                lines.append(line)
                line = margin
            }
            line += (line.count > indent ? " " : "") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
