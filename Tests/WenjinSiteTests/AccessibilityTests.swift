import Foundation
import Testing
import WenjinTestSupport

/// axe-core (PyPI's axe-core-python, which `make test` installs) in the test process's one
/// headless Chromium (`AxeCore`) over one page of every kind of the built sample community,
/// in both colour schemes.
@Suite("Accessibility (axe-core)", .tags(.endToEnd), EndToEnd.skippable,
       .enabled(if: AxeCore.available, "needs chromium and axe-core-python"), .timeLimit(.minutes(20)))
struct AccessibilityTests {
    /// One build of the page kinds for both cases, made by the first to ask.
    private static let kinds = Task { try await SamplePageKinds.build() }

    /// The two schemes side by side, each in a tab of the shared browser.
    @Test("No page kind of the sample site has a critical or serious violation, light or dark", arguments: ["light", "dark"])
    func noGraveViolations(scheme: String) async throws {
        let kinds = try await Self.kinds.value
        let found = try await AxeCore.violations(in: kinds.pages.map { kinds.site.output.appendingPathComponent($0) }, dark: scheme == "dark")
        for (page, (_, violations)) in zip(kinds.pages, found) {
            for violation in violations where violation.isGrave {
                Issue.record("\(page) (\(scheme)): \(violation.impact ?? "") \(violation.rule): \(violation.help) at \(violation.targets)")
            }
        }
    }

    /// The check above finds what it looks for: a page with an image without a text alternative
    /// and grey text on white that few can read (axe's `image-alt`, critical, and
    /// `color-contrast`, serious).
    @Test("A page with known violations has them reported as grave")
    func knownViolationsReported() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-axe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("bad.html")
        try """
            <!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Bad</title></head>
            <body><main><h1>Bad</h1><img src="missing.png"><p style="color: #ddd; background: #fff">Faint words</p></main></body></html>
            """.write(to: page, atomically: true, encoding: .utf8)
        let grave = try #require(try await AxeCore.violations(in: [page], dark: false).first).violations.filter(\.isGrave).map(\.rule)
        #expect(grave.sorted() == ["color-contrast", "image-alt"], "\(grave)")
    }
}
