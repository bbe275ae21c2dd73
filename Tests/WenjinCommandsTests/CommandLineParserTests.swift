import Foundation
import Testing
@testable import WenjinCommands

@Suite("Command line parsing")
struct CommandLineParserTests {
    static let count = Parameter.option("count", value: "N", kind: .integer(1...10), default: "3", help: "How many.")
    static let source = Parameter.option("source", value: "URL", kind: .webURL, help: "Where from.")
    static let mode = Parameter.option("mode", value: "M", kind: .choice(["fast", "slow"]), help: "How.")
    static let verbose = Parameter.flag("verbose", help: "Say more.")
    static let target = Parameter.positional("DIR", required: false, help: "Where to.")
    static let probe = CommandDeclaration(
        name: "probe", summary: "Probe.", parameters: [count, source, mode, verbose, target],
        action: { _ in .success })
    static let group = CommandDeclaration(name: "group", summary: "Group.", subcommands: [probe])
    let parser = CommandLineParser(toolName: "wenjin", commands: [probe, group])

    private func arguments(_ line: String...) throws -> ParsedArguments {
        guard case .run(_, _, let parsed) = try parser.parse(line) else {
            Issue.record("expected a command to run")
            return ParsedArguments()
        }
        return parsed
    }

    private func reason(_ line: String...) -> CommandLineError.Reason? {
        do {
            _ = try parser.parse(line)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test("options, flags and positionals arrive typed; absent ones take their defaults")
    func typedValues() throws {
        let parsed = try arguments("probe", "--source", "http://127.0.0.1:9/x", "--verbose", "out")
        #expect(parsed.integer(Self.count) == 3)
        #expect(parsed.url(Self.source)?.absoluteString == "http://127.0.0.1:9/x")
        #expect(parsed.isSet(Self.verbose))
        #expect(parsed.text(Self.target) == "out")
        #expect(parsed.text(Self.mode) == nil)
    }

    @Test("--name=value works like --name value, and the last repeated option wins")
    func attachedValueAndRepeats() throws {
        let parsed = try arguments("probe", "--count=5", "--mode", "fast", "--mode=slow")
        #expect(parsed.integer(Self.count) == 5)
        #expect(parsed.text(Self.mode) == "slow")
    }

    @Test("after -- everything is a positional, even what looks like an option")
    func doubleDashEndsOptions() throws {
        #expect(try arguments("probe", "--", "--verbose").text(Self.target) == "--verbose")
    }

    @Test("--help anywhere before -- asks for the command's help, in a group too")
    func helpAnywhere() throws {
        guard case .help(let path) = try parser.parse(["probe", "--count", "x", "--help"]) else {
            Issue.record("expected help")
            return
        }
        #expect(path.map(\.name) == ["probe"])
        guard case .help(let groupPath) = try parser.parse(["group", "-h"]) else {
            Issue.record("expected help")
            return
        }
        #expect(groupPath.map(\.name) == ["group"])
    }

    @Test("a subcommand is found inside its group")
    func subcommand() throws {
        guard case .run(let command, let path, _) = try parser.parse(["group", "probe"]) else {
            Issue.record("expected a command to run")
            return
        }
        #expect(command.name == "probe")
        #expect(path == ["wenjin", "group", "probe"])
    }

    @Test("each kind of bad usage is named precisely")
    func badUsage() {
        #expect(reason("probe", "--count") == .missingValue(option: "count", valueName: "N"))
        #expect(reason("probe", "--count", "--verbose") == .missingValue(option: "count", valueName: "N"))
        #expect(reason("probe", "--count", "11") == .invalidValue(
            "11", parameter: "--count", expected: "a whole number from 1 to 10", suggestion: nil))
        #expect(reason("probe", "--source", "127.0.0.1") == .invalidValue(
            "127.0.0.1", parameter: "--source",
            expected: "an absolute http or https URL, such as http://127.0.0.1:8080", suggestion: nil))
        #expect(reason("probe", "--mode", "fats") == .invalidValue(
            "fats", parameter: "--mode", expected: "one of fast, slow", suggestion: "fast"))
        #expect(reason("probe", "--verbose=yes") == .flagTakesNoValue("verbose"))
        #expect(reason("probe", "a", "b") == .unexpectedArgument("b"))
        #expect(reason("probe", "--verbos") == .unknownOption("--verbos", suggestion: "--verbose"))
        #expect(reason("probe", "--zzzzzz") == .unknownOption("--zzzzzz", suggestion: nil))
        #expect(reason("group") == .missingSubcommand)
        #expect(reason("group", "prob") == .unknownCommand("prob", suggestion: "probe"))
        #expect(reason("--verison") == .unknownOption("--verison", suggestion: "--version"))
    }

    @Test("a required flag or positional that is missing is bad usage")
    func requiredParameters() {
        let needsJSON = CommandDeclaration(
            name: "counts", summary: "Counts.",
            parameters: [.flag("json", required: true, help: "JSON."), .positional("ID", help: "Which.")],
            action: { _ in .success })
        let parser = CommandLineParser(toolName: "wenjin", commands: [needsJSON])
        #expect(throws: CommandLineError(commandPath: ["wenjin", "counts"], reason: .missingOption("--json"))) {
            try parser.parse(["counts", "7"])
        }
        #expect(throws: CommandLineError(commandPath: ["wenjin", "counts"], reason: .missingArgument("ID"))) {
            try parser.parse(["counts", "--json"])
        }
    }

    @Test("every declared default of every wenjin command parses under its own rules")
    func declaredDefaultsAreValid() throws {
        let parser = CommandLineParser(toolName: "wenjin", commands: CommandList.all)
        for command in CommandList.all.flatMap({ $0.subcommands.isEmpty ? [$0] : $0.subcommands }) {
            let path = CommandList.all.contains { $0.name == command.name }
                ? [command.name]
                : [CommandList.all.first { $0.subcommands.contains { $0.name == command.name } }!.name, command.name]
            let required = command.parameters.filter(\.isRequired).flatMap { parameter -> [String] in
                switch parameter.role {
                case .flag: return ["--\(parameter.name)"]
                case .positional: return ["1"]
                case .option: return ["--\(parameter.name)", "1"]
                }
            }
            _ = try parser.parse(path + required)
        }
    }
}
