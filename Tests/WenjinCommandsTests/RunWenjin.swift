import Foundation
@testable import WenjinCommands

/// What one run of the command line left behind.
struct WenjinRun {
    let exitCode: ExitCode
    let output: String
    let error: String
}

/// Runs `wenjin` in-process with a capturing console, in a new empty folder of its own (removed
/// afterwards): a command that writes where it runs must not leave a store for the next test.
func runWenjin(_ arguments: String...) async -> WenjinRun {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-run-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let (console, captured) = Console.capturing()
    let code = await WenjinMain.run(arguments, console: console, workingDirectory: folder, environment: [:])
    return WenjinRun(exitCode: code, output: captured.output, error: captured.error)
}
