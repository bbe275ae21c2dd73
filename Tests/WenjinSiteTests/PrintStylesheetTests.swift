import Foundation
import Testing
@testable import WenjinSite
import WenjinTestSupport

/// The print stylesheet, in headless Chromium emulating print media (through selenium and
/// chromium-driver, with Scripts/headless_chromium.py).
@Suite("Print stylesheet", .tags(.endToEnd), EndToEnd.skippable, .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")),
       .timeLimit(.minutes(20)))
struct PrintStylesheetTests {
    /// Prints what the page shows in print media: the menu's and sidebar's display, what a
    /// body link's ::after writes, and whether answers avoid breaks inside.
    static let script = """
        import sys
        sys.path.insert(0, sys.argv[1])
        from headless_chromium import open_browser
        browser = open_browser()
        try:
            browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
            browser.get(sys.argv[2])
            print(browser.execute_script(
                "var s = function (q, p) { return getComputedStyle(document.querySelector(q), p || null); };"
                + "return [s('nav.navbar').display, s('.wj-sidebar').display, s('.wj-body a[href]', '::after').content,"
                + " s('.wj-answer').breakInside].join('|');"))
        finally:
            browser.quit()
        """

    @Test("Printed, a question page leaves out the menu and sidebar, writes links out and keeps answers whole")
    func printedQuestionPage() async throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let page = site.output.appendingPathComponent("questions/100.html").absoluteString
        let result = try await SamplePageKinds.run("python3", ["-c", Self.script, FixtureSite.packageRoot.appendingPathComponent("Scripts").path, page],
                                                   in: site.output)
        // The first body link of question 100 is answer 1001's link to question 101.
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "none|none|\" (../questions/101.html)\"|avoid",
                "\(result.output) \(result.errors.suffix(500))")
    }
}
