// WenjinCommands owns the command line: declarations of every `wenjin` command, argument
// parsing, generated help, error reporting and exit codes, and progress output. It must not
// do the work itself: each command calls into the module that owns the job.
import Dispatch
import Foundation
import Synchronization

/// The entry point `Sources/wenjin/main.swift` calls.
package enum WenjinMain {
    package static let toolName = "wenjin"
    package static let version = "0.1.0"

    /// Runs the command line against the real process: stdout, stderr, current directory and
    /// environment. Returns the exit status.
    ///
    /// Commands are async (networking, servers) while `main.swift` is synchronous, so the work
    /// runs in a detached task and this thread waits for it. The main thread is not part of the
    /// concurrency pool, so the wait cannot starve the task.
    package static func run(_ arguments: [String]) -> Int32 {
        let status = Mutex<Int32>(ExitCode.failure.rawValue)
        let finished = DispatchSemaphore(value: 0)
        let console = Console.standard()
        let directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        let environment = ProcessInfo.processInfo.environment
        Task.detached {
            let code = await run(arguments, console: console, workingDirectory: directory, environment: environment)
            status.withLock { $0 = code.rawValue }
            finished.signal()
        }
        finished.wait()
        return status.withLock { $0 }
    }

    /// Runs the command line with the given surroundings; errors are reported on `console`.
    static func run(
        _ arguments: [String], console: Console, workingDirectory: URL, environment: [String: String]
    ) async -> ExitCode {
        let parser = CommandLineParser(toolName: toolName, commands: CommandList.all)
        let help = HelpText(toolName: toolName, version: version, commands: CommandList.all,
                            width: min(100, console.terminalWidth ?? 80))
        do {
            switch try parser.parse(arguments) {
            case .help(let path):
                console.outputRaw(help.forCommand(path: path))
                return .success
            case .version:
                console.output("\(toolName) \(version)")
                return .success
            case .run(let command, let commandPath, let parsed):
                guard let action = command.action else {
                    throw CommandLineError(commandPath: commandPath, reason: .missingSubcommand)
                }
                let invocation = Invocation(commandPath: commandPath, arguments: parsed, console: console,
                                            workingDirectory: workingDirectory, environment: environment)
                return try await action(invocation)
            }
        } catch {
            let report = ErrorReport(error)
            console.error(report.text)
            return report.exitCode
        }
    }
}
