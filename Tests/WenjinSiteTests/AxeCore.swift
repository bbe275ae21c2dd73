import Foundation
import WenjinTestSupport

/// axe-core (the `axe.min.js` PyPI's axe-core-python ships, which `make test` installs) run in
/// a tab of the test process's one headless Chromium (`HeadlessChromium`), as
/// Scripts/check-accessibility runs it through selenium: `axe.run()` over the whole document
/// with axe's default rules, once the page has loaded. DevTools adds axe's source to every
/// document of the tab before the page's own scripts (so it is sent once, not a page, and the
/// page's Content Security Policy does not apply to it); only the small starting expression is
/// asked again while the page is busy.
enum AxeCore {
    struct Violation: Decodable, Sendable {
        let rule: String
        let impact: String?
        let help: String
        let targets: [[String]]

        var isGrave: Bool { impact == "critical" || impact == "serious" }
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String { "axe-core-python is not installed (make test installs it)" }
    }

    /// axe-core's source, or nil when axe-core-python is not installed.
    static let source: String? = {
        let locate = Process()
        locate.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        locate.arguments = ["python3", "-c", "import axe_core_python.base as b; print(b.AXE_FILE_PATH)"]
        let output = Pipe()
        locate.standardOutput = output
        locate.standardError = FileHandle.nullDevice
        guard (try? locate.run()) != nil else { return nil }
        let path = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        locate.waitUntilExit()
        guard locate.terminationStatus == 0 else { return nil }
        return try? String(contentsOfFile: path, encoding: .utf8)
    }()

    static var available: Bool { HeadlessChromium.installed && source != nil }

    /// axe's violations in each of `pages` (files), at 1280 px, in the dark scheme if `dark`.
    /// The pages open one after the other in one tab, as selenium's `get` opens them: a fresh
    /// browser context a page would start a renderer and compile axe anew each time, at twice
    /// the CPU in all.
    static func violations(in pages: [URL], dark: Bool) async throws -> [(page: URL, violations: [Violation])] {
        guard let source, let first = pages.first else { throw Missing() }
        let browser = HeadlessChromium.shared
        let tab = try await browser.open(first, prefersDark: dark, firstScript: source)
        do {
            var found: [(page: URL, violations: [Violation])] = []
            for page in pages {
                if page != first {
                    _ = try await browser.value(of: "location.href = \(quoted(page.absoluteString)), 'going'", in: tab)
                }
                // axe takes about a second a page alone, several under load (selenium allowed 60 s
                // for a page to load and 120 s for axe).
                let json = try await browser.value(of: run(in: page), in: tab, within: 120)
                found.append((page, try JSONDecoder().decode([Violation].self, from: Data(json.utf8))))
            }
            await browser.close(tab)
            return found
        } catch {
            await browser.close(tab)
            throw error
        }
    }

    /// Once `page` has loaded (its own scripts run, as selenium's `get` waits for), starts axe
    /// once, and gives its violations as JSON when they are there (null until then; an error's
    /// message instead, which fails the decoding with the message in the error).
    private static func run(in page: URL) -> String {
        """
        location.href !== \(quoted(page.absoluteString)) || document.readyState !== "complete" ? null : (function () {
          if (!window.wenjinAxeStarted) {
            window.wenjinAxeStarted = true;
            axe.run().then(function (results) {
              window.wenjinAxe = JSON.stringify(results.violations.map(function (violation) {
                return {rule: violation.id, impact: violation.impact, help: violation.help,
                        targets: violation.nodes.slice(0, 5).map(function (node) { return node.target; })};
              }));
            }, function (error) { window.wenjinAxe = "axe failed: " + error; });
          }
          return window.wenjinAxe || null;
        })()
        """
    }

    /// `text` as a JavaScript string literal.
    private static func quoted(_ text: String) -> String {
        String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
    }
}
