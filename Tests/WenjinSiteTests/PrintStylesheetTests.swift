import Foundation
import Testing
@testable import WenjinSite
import WenjinTestSupport

/// The print stylesheet, in headless Chromium emulating print media (the test process's one
/// browser, `HeadlessChromium`).
@Suite("Print stylesheet", .tags(.endToEnd), EndToEnd.skippable, .enabled(if: HeadlessChromium.installed, "needs Debian's chromium"),
       .timeLimit(.minutes(20)))
struct PrintStylesheetTests {
    /// What the page shows in print media once it has loaded (null before): the menu's and
    /// sidebar's display, what a body link's ::after writes, and whether answers avoid breaks inside.
    static let expression = """
        document.readyState !== "complete" ? null : (function () {
          var s = function (q, p) { return getComputedStyle(document.querySelector(q), p || null); };
          return [s("nav.navbar").display, s(".wj-sidebar").display, s(".wj-body a[href]", "::after").content,
                  s(".wj-answer").breakInside].join("|");
        })()
        """

    @Test("Printed, a question page leaves out the menu and sidebar, writes links out and keeps answers whole")
    func printedQuestionPage() async throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let page = site.output.appendingPathComponent("questions/100.html")
        let result = try await HeadlessChromium.shared.evaluate(Self.expression, in: page, printed: true)
        // The first body link of question 100 is answer 1001's link to question 101.
        #expect(result == "none|none|\" (../questions/101.html)\"|avoid", "\(result)")
    }
}
