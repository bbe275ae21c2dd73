import Foundation
@testable import WenjinCommands

/// What one run of the command line left behind.
struct WenjinRun {
    let exitCode: ExitCode
    let output: String
    let error: String
}

/// Runs `wenjin` in-process with a capturing console, in a folder that holds no site.
func runWenjin(_ arguments: String...) async -> WenjinRun {
    let (console, captured) = Console.capturing()
    let code = await WenjinMain.run(
        arguments, console: console,
        workingDirectory: FileManager.default.temporaryDirectory, environment: [:])
    return WenjinRun(exitCode: code, output: captured.output, error: captured.error)
}
