/// The error of this module: the command line could not be understood (exit 64), or a
/// command could not run in this build.
package struct CommandLineError: Error, Sendable, Equatable {
    package enum Reason: Sendable, Equatable {
        case missingCommand
        case unknownCommand(String, suggestion: String?)
        case missingSubcommand
        case unknownOption(String, suggestion: String?)
        case missingValue(option: String, valueName: String)
        case flagTakesNoValue(String)
        /// A value that does not fit its parameter; `expected` says what would.
        case invalidValue(String, parameter: String, expected: String, suggestion: String?)
        case missingArgument(String)
        case missingOption(String)
        case unexpectedArgument(String)
    }

    /// The command being parsed, e.g. `["wenjin", "crawl"]`.
    package let commandPath: [String]
    /// 1-based position of the offending argument after `wenjin`, when there is one.
    package let argumentIndex: Int?
    package let reason: Reason

    package init(commandPath: [String], argumentIndex: Int? = nil, reason: Reason) {
        self.commandPath = commandPath
        self.argumentIndex = argumentIndex
        self.reason = reason
    }

    private var command: String { commandPath.joined(separator: " ") }
    private var helpHint: String { "see '\(command) --help'" }
}

extension CommandLineError: UserFacingError {
    package var exitCode: ExitCode { .usage }

    package var failure: String {
        switch reason {
        case .missingCommand: return "no command given"
        case .unknownCommand(let name, _): return "unknown command '\(name)'"
        case .missingSubcommand: return "'\(command)' needs a subcommand"
        case .unknownOption(let option, _): return "unknown option '\(option)'"
        case .missingValue(let option, _): return "option '--\(option)' needs a value"
        case .flagTakesNoValue(let flag): return "flag '--\(flag)' takes no value"
        case .invalidValue(let value, let parameter, _, _): return "invalid value '\(value)' for \(parameter)"
        case .missingArgument(let name): return "missing argument \(name)"
        case .missingOption(let option): return "missing option '\(option)'"
        case .unexpectedArgument(let argument): return "unexpected argument '\(argument)'"
        }
    }

    package var location: String? {
        guard let argumentIndex else { return command }
        return "\(command), argument \(argumentIndex)"
    }

    package var cause: String? {
        switch reason {
        case .missingCommand: return "wenjin does nothing by itself"
        case .unknownCommand: return "\(command) has no such command"
        case .missingSubcommand: return "\(commandPath.last ?? "") is a group of commands"
        case .unknownOption: return "\(command) has no such option"
        case .missingValue(_, let valueName): return "expected \(valueName) after it"
        case .flagTakesNoValue: return "a flag is on when present and off when absent"
        case .invalidValue(_, _, let expected, _): return "expected \(expected)"
        case .missingArgument, .missingOption: return "\(command) cannot run without it"
        case .unexpectedArgument: return "\(command) takes no further arguments"
        }
    }

    package var remedy: String? {
        switch reason {
        case .unknownCommand(_, let suggestion?), .unknownOption(_, let suggestion?),
             .invalidValue(_, _, _, let suggestion?):
            return "did you mean '\(suggestion)'? Or \(helpHint)."
        case .missingCommand, .missingSubcommand, .unknownCommand:
            return "pick one from '\(command) --help'"
        default:
            return helpHint + " for what it takes"
        }
    }
}
