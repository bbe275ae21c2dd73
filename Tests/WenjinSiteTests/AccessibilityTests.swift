import Foundation
import Testing
import WenjinTestSupport

/// axe-core in Debian's headless Chromium (Scripts/check-accessibility, with PyPI's
/// axe-core-python and selenium and Debian's chromium-driver, which `make test` installs)
/// over one page of every kind of the built sample community, in both colour schemes.
@Suite("Accessibility (axe-core)", .tags(.endToEnd), EndToEnd.skippable,
       .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")),
       .timeLimit(.minutes(20)))
struct AccessibilityTests {
    private struct Violation: Decodable, Sendable {
        let page: String
        let scheme: String
        let rule: String
        let impact: String?
        let help: String
        let targets: [[String]]
    }

    /// Both schemes' violations from one run: one build of the page kinds and one Chromium for
    /// the suite (starting the browser costs more than switching the emulated scheme); each case
    /// reads its scheme's. Made by the first case to ask.
    private static let run = Task { () throws -> (status: Int32, violations: [Violation], errors: String) in
        let kinds = try await SamplePageKinds.build()
        let script = FixtureSite.packageRoot.appendingPathComponent("Scripts/check-accessibility").path
        let result = try SamplePageKinds.run(script, ["--scheme", "light", "--scheme", "dark"] + kinds.pages, in: kinds.site.output)
        let violations = try result.output.split(separator: "\n").map { try JSONDecoder().decode(Violation.self, from: Data($0.utf8)) }
        return (result.status, violations, result.errors)
    }

    @Test("No page kind of the sample site has a critical or serious violation, light or dark", arguments: ["light", "dark"])
    func noGraveViolations(scheme: String) async throws {
        let result = try await Self.run.value
        #expect(result.status != 2, "the tools are missing: \(result.errors)")
        let violations = result.violations.filter { $0.scheme == scheme }
        for violation in violations where violation.impact == "critical" || violation.impact == "serious" {
            Issue.record("\(violation.page) (\(violation.scheme)): \(violation.impact ?? "") \(violation.rule): \(violation.help) at \(violation.targets)")
        }
        #expect(result.status == 0 || !result.violations.isEmpty, "check-accessibility failed: \(result.errors.suffix(800))")
    }
}
