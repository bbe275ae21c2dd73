import Foundation
import WenjinConfig

/// Turns the arguments after `wenjin` into the command to run with checked, typed values.
///
/// Accepted forms: `--name value`, `--name=value`, `--flag`, `-h`/`--help` anywhere before
/// `--`, positionals in declared order, and `--` to end options. A repeated option keeps the
/// last value, so scripts can append overrides.
struct CommandLineParser {
    enum Outcome {
        /// Help for the tool (empty path) or for the command at the end of the path.
        case help([CommandDeclaration])
        case version
        case run(CommandDeclaration, commandPath: [String], arguments: ParsedArguments)
    }

    let toolName: String
    let commands: [CommandDeclaration]

    func parse(_ arguments: [String]) throws(CommandLineError) -> Outcome {
        guard let first = arguments.first else {
            throw CommandLineError(commandPath: [toolName], reason: .missingCommand)
        }
        switch first {
        case "-h", "--help": return .help([])
        case "--version": return .version
        default: break
        }
        if first.hasPrefix("-") {
            let suggestion = SpellingSuggestion.closest(to: first, among: ["--help", "--version"])
            throw CommandLineError(commandPath: [toolName], argumentIndex: 1,
                                   reason: .unknownOption(first, suggestion: suggestion))
        }
        var command = try find(first, in: commands, path: [toolName], index: 1)
        var path = [command]
        var index = 1
        while !command.subcommands.isEmpty {
            let commandPath = [toolName] + path.map(\.name)
            guard index < arguments.count else {
                throw CommandLineError(commandPath: commandPath, reason: .missingSubcommand)
            }
            let next = arguments[index]
            if next == "-h" || next == "--help" { return .help(path) }
            command = try find(next, in: command.subcommands, path: commandPath, index: index + 1)
            path.append(command)
            index += 1
        }
        let rest = Array(arguments[index...])
        if let helpAt = rest.firstIndex(where: { $0 == "-h" || $0 == "--help" }),
           !rest[..<helpAt].contains("--") {
            return .help(path)
        }
        let commandPath = [toolName] + path.map(\.name)
        let parsed = try ParameterParser(command: command, commandPath: commandPath, firstIndex: index + 1)
            .parse(rest)
        return .run(command, commandPath: commandPath, arguments: parsed)
    }

    private func find(_ name: String, in candidates: [CommandDeclaration], path: [String], index: Int)
        throws(CommandLineError) -> CommandDeclaration {
        if let found = candidates.first(where: { $0.name == name }) { return found }
        let suggestion = SpellingSuggestion.closest(to: name, among: candidates.map(\.name))
        throw CommandLineError(commandPath: path, argumentIndex: index,
                               reason: .unknownCommand(name, suggestion: suggestion))
    }
}

/// Reads one command's options and positionals.
private struct ParameterParser {
    let command: CommandDeclaration
    let commandPath: [String]
    /// Position of the first of these arguments on the whole command line, for messages.
    let firstIndex: Int

    func parse(_ arguments: [String]) throws(CommandLineError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var positionals = command.positionals[...]
        var onlyPositionals = false
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            let position = firstIndex + i
            i += 1
            if !onlyPositionals, argument == "--" {
                onlyPositionals = true
                continue
            }
            if !onlyPositionals, argument.hasPrefix("-"), argument.count > 1, Int(argument) == nil {
                let (name, attached) = split(argument)
                guard let option = command.options.first(where: { "--\($0.name)" == name }) else {
                    let known = command.options.map { "--\($0.name)" } + ["--help"]
                    throw failure(position, .unknownOption(
                        name, suggestion: SpellingSuggestion.closest(to: name, among: known)))
                }
                guard let kind = option.valueKind else {
                    if attached != nil { throw failure(position, .flagTakesNoValue(option.name)) }
                    parsed.setFlag(option)
                    continue
                }
                let value: String
                if let attached {
                    value = attached
                } else if i < arguments.count, !arguments[i].hasPrefix("--") {
                    value = arguments[i]
                    i += 1
                } else {
                    throw failure(position, .missingValue(option: option.name, valueName: option.valueName))
                }
                parsed.set(try convert(value, kind: kind, for: option, at: position), for: option)
                continue
            }
            guard let positional = positionals.popFirst() else {
                throw failure(position, .unexpectedArgument(argument))
            }
            parsed.set(try convert(argument, kind: positional.valueKind ?? .text, for: positional, at: position),
                       for: positional)
        }
        return try fillDefaults(parsed)
    }

    private func fillDefaults(_ given: ParsedArguments) throws(CommandLineError) -> ParsedArguments {
        var parsed = given
        for parameter in command.parameters where !parsed.has(parameter) {
            if let defaultValue = parameter.defaultValue, let kind = parameter.valueKind {
                parsed.set(try convert(defaultValue, kind: kind, for: parameter, at: nil), for: parameter)
            } else if parameter.isRequired {
                throw failure(nil, parameter.isPositional
                              ? .missingArgument(parameter.name) : .missingOption(parameter.usageForm))
            }
        }
        return parsed
    }

    private func split(_ argument: String) -> (name: String, value: String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private func convert(_ text: String, kind: Parameter.ValueKind, for parameter: Parameter, at position: Int?)
        throws(CommandLineError) -> ParsedArguments.Value {
        let label = parameter.isPositional ? parameter.name : "--\(parameter.name)"
        func invalid(_ expected: String, suggestion: String? = nil) -> CommandLineError {
            failure(position, .invalidValue(text, parameter: label, expected: expected, suggestion: suggestion))
        }
        switch kind {
        case .text:
            return .text(text)
        case .integer(let range):
            guard let number = Int(text) else { throw invalid(Self.describe(range)) }
            guard range.contains(number) else { throw invalid(Self.describe(range)) }
            return .integer(number)
        case .webURL:
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
                  scheme == "http" || scheme == "https", url.host != nil else {
                throw invalid("an absolute http or https URL, such as http://127.0.0.1:8080")
            }
            // Every link to the original would publish the password: refused, and not echoed.
            guard url.user == nil, url.password == nil else {
                var shown = URLComponents(url: url, resolvingAgainstBaseURL: false) ?? URLComponents()
                shown.user = nil
                shown.password = nil
                throw failure(position, .invalidValue(
                    (shown.string ?? "") + " with a user:password@ part", parameter: label,
                    expected: "a URL without user:password@ (the login comes from the variables named in site.json source.login)",
                    suggestion: nil))
            }
            return .url(url)
        case .choice(let choices):
            guard choices.contains(text) else {
                throw invalid("one of " + choices.joined(separator: ", "),
                              suggestion: SpellingSuggestion.closest(to: text, among: choices))
            }
            return .text(text)
        }
    }

    static func describe(_ range: ClosedRange<Int>) -> String {
        switch (range.lowerBound, range.upperBound) {
        case (Int.min, Int.max): return "a whole number"
        case (let low, Int.max): return "a whole number of at least \(low)"
        default: return "a whole number from \(range.lowerBound) to \(range.upperBound)"
        }
    }

    private func failure(_ position: Int?, _ reason: CommandLineError.Reason) -> CommandLineError {
        CommandLineError(commandPath: commandPath, argumentIndex: position, reason: reason)
    }
}
