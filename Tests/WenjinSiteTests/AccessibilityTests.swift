import Foundation
import Testing

/// axe-core in Debian's headless Chromium (Scripts/check-accessibility, with PyPI's
/// axe-core-python and selenium and Debian's chromium-driver, which `make test` installs)
/// over one page of every kind of the built sample community, in both colour schemes.
@Suite("Accessibility (axe-core)", .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")),
       .timeLimit(.minutes(20)))
struct AccessibilityTests {
    private struct Violation: Decodable {
        let page: String
        let scheme: String
        let rule: String
        let impact: String?
        let help: String
        let targets: [[String]]
    }

    @Test("No page kind of the sample site has a critical or serious violation, light or dark", arguments: ["light", "dark"])
    func noGraveViolations(scheme: String) async throws {
        let kinds = try await SamplePageKinds.build()
        let script = FixtureSite.packageRoot.appendingPathComponent("Scripts/check-accessibility").path
        let result = try SamplePageKinds.run(script, ["--scheme", scheme] + kinds.pages, in: kinds.site.output)
        #expect(result.status != 2, "the tools are missing: \(result.errors)")
        let violations = try result.output.split(separator: "\n").map { try JSONDecoder().decode(Violation.self, from: Data($0.utf8)) }
        for violation in violations where violation.impact == "critical" || violation.impact == "serious" {
            Issue.record("\(violation.page) (\(violation.scheme)): \(violation.impact ?? "") \(violation.rule): \(violation.help) at \(violation.targets)")
        }
        #expect(result.status == 0 || !violations.isEmpty, "check-accessibility failed: \(result.errors.suffix(800))")
    }
}
