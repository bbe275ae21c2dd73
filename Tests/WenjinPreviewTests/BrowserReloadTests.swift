import Foundation
import Testing
import WenjinTestSupport
import WenjinHTTP
@testable import WenjinPreview

/// Headless Chromium loads a page from `PreviewServer` and must see it reload by itself.
@Suite("Preview server in a real browser", .tags(.endToEnd), EndToEnd.skippable, .enabled(if: HeadlessChromium.installed, "needs chromium"))
struct BrowserReloadTests {

    /// Counts its own loads in sessionStorage (which survives a reload) and shows the count and
    /// the build's version in the DOM. On its first load it calls `opened`, so the draft changes
    /// while the browser has the page open, however long the browser took to get there.
    static func page(version: String, opened: String) -> String {
        """
        <!doctype html><html><head><meta charset="utf-8"><title>draft</title></head><body>
        <p id="version">\(version)</p><p id="loads"></p>
        <script>var n = Number(sessionStorage.getItem("loads") || 0) + 1; sessionStorage.setItem("loads", n);
        document.getElementById("loads").textContent = "loads:" + n;
        if (n == 1) fetch("\(opened)", {mode: "no-cors"});</script>
        </body></html>
        """
    }

    @Test("An open page reloads by itself after a watched file changes and shows the rebuilt content")
    func pageReloadsItself() async throws {
        let folder = try PreviewFolder()
        let draft = folder.base.appendingPathComponent("draft.db")
        try folder.write("draft v1", to: "draft.db", in: folder.base)
        // The editor: a loopback server the page calls once it is open, which saves the draft
        // once, atomically: written in place, the watcher's 50 ms poll could see the file emptied
        // and then filled, two changes and two reloads (a run saw "loads:3").
        let editor = HTTPServer(configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0)) { _ in
            try? Data("draft v2".utf8).write(to: draft, options: .atomic)
            return HTTPResponse(status: .noContent)
        }
        let opened = "http://127.0.0.1:\(try editor.start())/opened"
        defer { editor.stop() }
        try folder.write(Self.page(version: "build-1", opened: opened), to: "index.html")
        let server = PreviewServer(
            root: folder.site, configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0), watch: [draft],
            pollInterval: .milliseconds(50)
        ) {
            let text = try String(contentsOf: draft, encoding: .utf8)
            try Data(Self.page(version: text == "draft v2" ? "build-2" : "build-1", opened: opened).utf8)
                .write(to: folder.site.appendingPathComponent("index.html"))
        }
        let port = try server.start()
        defer { server.stop() }

        // The test process's one browser (`HeadlessChromium`), in real time: the page as it is
        // once it shows the rebuilt content, which it can only get by reloading.
        let dom = try await HeadlessChromium.shared.evaluate(
            "document.getElementById('version') && document.getElementById('version').textContent == 'build-2' ? document.body.innerHTML : null",
            in: try #require(URL(string: "http://127.0.0.1:\(port)/")))
        #expect(dom.contains("<p id=\"version\">build-2</p>"), "\(dom)")
        #expect(dom.contains("loads:2"), "\(dom)")
    }
}
