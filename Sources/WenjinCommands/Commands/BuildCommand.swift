import Foundation
import Synchronization
import WenjinDrafts
import WenjinSite
import WenjinStore

/// `wenjin build [--drafts] [--output DIR]`
enum BuildCommand {
    static let drafts = Parameter.flag(
        "drafts", help: "Add unpublished drafts (for preview only; never publish such a build).")
    static let output = Parameter.option(
        "output", value: "DIR", help: "Folder to write the site into; wins over build.outputDirectory in site.json.")

    static let declaration = CommandDeclaration(
        name: "build",
        summary: "Render the store into a static site; --drafts adds unpublished pages (preview only).",
        discussion: "Never touches the network. A failed build leaves the previous site intact.",
        parameters: [drafts, output],
        action: run)

    static func run(_ invocation: Invocation) async throws -> ExitCode {
        let config = try invocation.loadSiteConfig()
        let store = try Store.openExisting(at: config.resolve(config.store.directory).appendingPathComponent(Store.fileName))
        var builder = SiteBuilder(config: config, store: store)
        builder.exitsAfterBuild = true
        // Joined by hand: resolving against the working directory's URL would drop its last
        // component whenever that URL does not end with a slash.
        let destination = invocation.arguments.text(output).map { path in
            (path.hasPrefix("/") ? URL(fileURLWithPath: path) : invocation.workingDirectory.appendingPathComponent(path)).standardizedFileURL
        } ?? builder.defaultOutput
        let draftCollection = invocation.arguments.isSet(drafts)
            ? try DraftDatabase(configured: config.resolve(config.drafts.path)).load() : nil
        let summary = try builder.build(into: destination, drafts: draftCollection, progress: StepProgress(console: invocation.console))
        invocation.console.output("Built \(destination.path): \(summary.line)")
        if let draftCollection {
            invocation.console.output(draftLine(draftCollection, output: destination))
        }
        return .success
    }

    /// What a drafts build added, and the warning that it is for preview only.
    static func draftLine(_ drafts: DraftCollection, output: URL) -> String {
        var line = "drafts: \(drafts.questions.count) question and \(drafts.answers.count) answer drafts"
        if !drafts.unreadable.isEmpty { line += ", \(drafts.unreadable.count) unreadable (listed on the drafts page)" }
        return line + "; index at \(output.appendingPathComponent("drafts/index.html").path). Preview only: do not publish this folder."
    }

    /// One progress reporter per build step, named as the step.
    private final class StepProgress: BuildProgress {
        private let console: Console
        private let current = Mutex<ProgressReporter?>(nil)

        init(console: Console) {
            self.console = console
        }

        func begin(_ step: BuildStep, total: Int?) {
            current.withLock { $0 = ProgressReporter(step: step.rawValue, total: total, console: console) }
        }

        func advance(by count: Int) {
            current.withLock { $0 }?.advance(by: count)
        }

        func end(_ step: BuildStep) {
            current.withLock { reporter in
                reporter?.finish()
                reporter = nil
            }
        }

        func note(_ line: String) {
            current.withLock { $0 }?.note(line)
        }
    }
}
