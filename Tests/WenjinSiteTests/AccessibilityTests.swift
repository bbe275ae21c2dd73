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

    /// One build of the page kinds for both cases, made by the first to ask.
    private static let kinds = Task { try await SamplePageKinds.build() }

    /// Each scheme in a browser of its own, the two cases side by side: axe takes about a second
    /// a page, and the 30 pages in both schemes one after the other made this the suite's tail.
    @Test("No page kind of the sample site has a critical or serious violation, light or dark", arguments: ["light", "dark"])
    func noGraveViolations(scheme: String) async throws {
        let kinds = try await Self.kinds.value
        let script = FixtureSite.packageRoot.appendingPathComponent("Scripts/check-accessibility").path
        let result = try await SamplePageKinds.run(script, ["--scheme", scheme] + kinds.pages, in: kinds.site.output)
        let violations = try result.output.split(separator: "\n").map { try JSONDecoder().decode(Violation.self, from: Data($0.utf8)) }
        #expect(result.status != 2, "the tools are missing: \(result.errors)")
        for violation in violations where violation.impact == "critical" || violation.impact == "serious" {
            Issue.record("\(violation.page) (\(violation.scheme)): \(violation.impact ?? "") \(violation.rule): \(violation.help) at \(violation.targets)")
        }
        #expect(result.status == 0 || !violations.isEmpty, "check-accessibility failed: \(result.errors.suffix(800))")
    }
}
