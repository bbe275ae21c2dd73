import Foundation
import Testing
import WenjinSanitizer
@testable import WenjinCommands

@Suite("wenjin check --privacy")
struct CheckPrivacyCommandTests {
    private func run(_ arguments: [String], in site: ServeSite) async -> WenjinRun {
        let (console, captured) = Console.capturing()
        let code = await WenjinMain.run(arguments, console: console, workingDirectory: site.root, environment: [:])
        return WenjinRun(exitCode: code, output: captured.output, error: captured.error)
    }

    @Test("It fails with a list naming the file on a build older than a takedown, and passes once the site is rebuilt")
    func takedownNotYetBuilt() async throws {
        let site = try await ServeSite(questions: 12)
        #expect(await run(["build"], in: site).exitCode == .success)
        let questions = try site.store.read { try $0.questions() }
        let titles = Dictionary(grouping: questions.map(\.title), by: { $0 }).mapValues(\.count)
        let question = try #require(questions.first { titles[$0.title] == 1 })
        try Data(#"{"questions": [\#(question.id.rawValue)]}"#.utf8).write(to: site.root.appendingPathComponent("takedowns.json"))

        let stale = await run(["check", "--privacy"], in: site)
        #expect(stale.exitCode == .failure)
        #expect(stale.output.contains("questions/\(question.id.rawValue).html: the title of question \(question.id), removed on request"))
        #expect(stale.error.contains("finding"))

        #expect(await run(["build"], in: site).exitCode == .success)
        let fresh = await run(["check", "--privacy", "_site"], in: site)
        #expect(fresh.exitCode == .success, "\(fresh.output)")
        #expect(fresh.output.contains("nothing withheld is published"))
    }

    @Test("A takedowns file naming an unknown ID is an error block naming the file and the entry")
    func unknownEntry() async throws {
        let site = try await ServeSite(questions: 3)
        #expect(await run(["build"], in: site).exitCode == .success)
        try Data(#"{"articleComments": [999999]}"#.utf8).write(to: site.root.appendingPathComponent("takedowns.json"))
        let check = await run(["check", "--privacy"], in: site)
        #expect(check.exitCode == .failure)
        #expect(check.error.contains("takedowns.json"))
        #expect(check.error.contains("'articleComments[0]' is 999999, expected the ID of an article comment in the store"))
        let build = await run(["build"], in: site)
        #expect(build.exitCode == .failure)
        #expect(build.error.contains("the takedowns file cannot be used"))
    }
}
