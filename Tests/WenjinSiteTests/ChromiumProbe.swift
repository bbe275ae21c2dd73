import Foundation

/// A built page opened from `file://` in Debian's headless Chromium at a given window width,
/// with a probe script appended that writes what it measured into `data-probe` on <body>:
/// the DOM Chromium dumps then carries the answer.
struct ChromiumProbe {
    static let chromium = "/usr/bin/chromium"
    static var available: Bool { FileManager.default.isExecutableFile(atPath: chromium) }

    /// The probe's result for `page` (output-relative) of the site in `output`; `script` is a
    /// JavaScript expression evaluated after the page's own scripts, `headStart` markup put at
    /// the start of <head> (before the page's scripts run), `waitFor` a condition the probe
    /// waits for first (up to 100 ticks of 10 ms), `flags` extra Chromium switches.
    static func measure(_ page: String, in output: URL, width: Int, script: String, headStart: String = "",
                        waitFor: String = "true", flags: [String] = []) async throws -> String {
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
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let result = try await ExternalToolTests.run(chromium, ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                                          "--user-data-dir=\(profile.path)", "--window-size=\(width),900",
                                                          "--virtual-time-budget=3000"] + flags + ["--dump-dom", copy.absoluteString])
        guard let start = result.output.range(of: "data-probe=\""),
            let end = result.output[start.upperBound...].firstIndex(of: "\"")
        else { return "no probe result: \(result.output.suffix(400))" }
        return String(result.output[start.upperBound..<end]).replacingOccurrences(of: "&amp;", with: "&")
    }
}
