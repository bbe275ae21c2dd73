import Foundation
import Testing
@testable import WenjinSite
import WenjinTestSupport

/// The navigation bar in headless Chromium across the widths where it used to break
/// (768–991 px: labels wrapping a character per line, the search box cut off).
@Suite("Navigation bar layout", .tags(.endToEnd), EndToEnd.skippable, .enabled(if: ChromiumProbe.available), .timeLimit(.minutes(20)))
struct NavigationLayoutTests {
    /// Each visible menu label on one line, the search box inside the window, and the lowest
    /// contrast of a menu label on the bar (its colour blended over the bar's, WCAG formula).
    static let probe = """
        (function () {
          function rgb(text) { return text.match(/[\\d.]+/g).map(Number); }
          function luminance(c) { return c.slice(0, 3).map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
            .reduce(function (sum, v, i) { return sum + v * [0.2126, 0.7152, 0.0722][i]; }, 0); }
          var bar = rgb(getComputedStyle(document.querySelector("nav.navbar")).backgroundColor);
          var problems = [], lowest = 99;
          document.querySelectorAll("nav.navbar .nav-link").forEach(function (link) {
            var box = link.getBoundingClientRect();
            if (box.width === 0) return;
            if (box.height > 1.6 * parseFloat(getComputedStyle(link).lineHeight) + 16) problems.push("wraps:" + link.textContent);
            var c = rgb(getComputedStyle(link).color), a = c.length > 3 ? c[3] : 1;
            var fg = [0, 1, 2].map(function (i) { return c[i] * a + bar[i] * (1 - a); });
            var l1 = luminance(fg), l2 = luminance(bar);
            lowest = Math.min(lowest, (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05));
          });
          var search = document.querySelector("nav.navbar input[type=search]").getBoundingClientRect();
          if (search.width > 0 && search.right > document.documentElement.clientWidth) problems.push("search cut");
          return (problems.join(",") || "ok") + "|" + lowest.toFixed(2);
        })()
        """

    @Test("From 768 to 1280 px no menu label wraps, the search box fits and labels have at least 4.5:1 contrast",
          arguments: [768, 800, 900, 991, 992, 1280])
    func menuFitsEveryWidth(width: Int) async throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let result = try await ChromiumProbe.measure("index.html", in: site.output, width: width, script: Self.probe)
        let parts = result.split(separator: "|")
        #expect(parts.first == "ok", "\(width) px: \(result)")
        #expect((parts.count == 2 ? Double(parts[1]) ?? 0 : 0) >= 4.5, "\(width) px: \(result)")
    }
}
