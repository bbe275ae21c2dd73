import Foundation
import WenjinTestSupport

/// A built page opened from `file://` in Debian's headless Chromium at a given window width,
/// with a probe script appended that writes what it measured into `data-probe` on <body>,
/// read back once it is there. The page opens in a fresh browser context of the process's one
/// Chromium (`HeadlessChromium`), so no case sees another's storage.
struct ChromiumProbe {
    static var available: Bool { HeadlessChromium.installed }

    /// The probe's result for `page` (output-relative) of the site in `output`; `script` is a
    /// JavaScript expression evaluated after the page's own scripts, `headStart` markup put at
    /// the start of <head> (before the page's scripts run), `waitFor` a condition the probe
    /// waits for first (up to 100 ticks of 10 ms), `prefersDark` a system that prefers dark.
    static func measure(_ page: String, in output: URL, width: Int, script: String, headStart: String = "",
                        waitFor: String = "true", prefersDark: Bool = false) async throws -> String {
        let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
        let probe = """
            <script>addEventListener("load", function () {
              (function probe(ticks) {
                if (ticks > 0 && !(\(waitFor))) return setTimeout(function () { probe(ticks - 1); }, 10);
                document.body.setAttribute("data-probe", String(\(script)));
              })(100);
            });</script></body>
            """
        let copy = output.appendingPathComponent(page).deletingLastPathComponent().appendingPathComponent("probe-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: copy) }
        try html.replacingOccurrences(of: "<head>\n", with: "<head>\n" + headStart)
            .replacingOccurrences(of: "</body>", with: probe).write(to: copy, atomically: true, encoding: .utf8)
        return try await HeadlessChromium.shared.evaluate("document.body && document.body.getAttribute('data-probe')", in: copy,
                                                          width: width, prefersDark: prefersDark)
    }
}
