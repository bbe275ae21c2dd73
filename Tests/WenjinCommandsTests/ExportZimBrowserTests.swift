import Foundation
import Testing
@testable import WenjinCommands
import WenjinTestSupport

/// The exported ZIM as Kiwix shows it: kiwix-serve on loopback, read by headless Chromium.
@Suite("The exported ZIM in kiwix-serve", .tags(.endToEnd), EndToEnd.skippable,
       .enabled(if: KiwixServe.installed && HeadlessChromium.installed, "needs kiwix-tools and chromium"))
struct ExportZimBrowserTests {
    @Test("Chromium opens the main page, a question with its local image, a user page and a topic page, styled, with no failed request",
          .timeLimit(.minutes(20)))
    func pagesOpenInChromium() async throws {
        let site = try await ZimSite(questions: 40)
        let zim = try await site.export(as: "browse.zim")
        // The export writes no site folder: the same site built, to compare the served pages with.
        try #require(await site.run("build").exitCode == .success)
        let built = site.root.appendingPathComponent("_site")
        let questionWithImage = try #require(try FileManager.default.contentsOfDirectory(atPath: built.appendingPathComponent("questions").path)
            .sorted().first { name in
                let page = try String(contentsOf: built.appendingPathComponent("questions/\(name)"), encoding: .utf8)
                return page.contains("src=\"../images/")
            })
        let pages = ["index.html", "questions/\(questionWithImage)", "users/1.html", "topics/1.html"]
        let server = try await KiwixServe(zim: zim)
        defer { server.stop() }

        for page in pages {
            let heading = try Self.firstHeading(of: built.appendingPathComponent(page))
            // The test process's one browser (`HeadlessChromium`): the DOM once the page and
            // everything it asked for have loaded.
            let dom = try await HeadlessChromium.shared.evaluate("document.readyState == 'complete' ? document.documentElement.outerHTML : null",
                                                                 in: try #require(URL(string: server.url("\(server.book)/\(page)"))))
            #expect(dom.contains(heading), "\(page): \(dom.prefix(500))")
            // The page as served, with a probe: Bootstrap's styles and the site's images apply.
            let probe = try await probePage(page, server: server, in: site.root)
            let probed = try await HeadlessChromium.shared.evaluate("document.body && document.body.getAttribute('data-probe')", in: probe)
            #expect(probed == "flex/images-ok", "\(page)")
        }
        server.stop()
        let requests = server.requests()
        #expect(requests.contains { $0.path.contains("/images/") && $0.status == 200 })
        #expect(requests.contains { $0.path.hasSuffix("/assets/css/site.css") && $0.status == 200 })
        // Chromium asks the server's root for /favicon.ico by itself while a page names no icon
        // (the theme's favicon link is issue 13's): not a request of the book's pages.
        let failed = requests.filter { !(200..<400).contains($0.status) && $0.path != "/favicon.ico" }
        #expect(failed.isEmpty, "\(failed)")
    }

    /// The text of the page's first `<h1>` (as written in the file, entities and all).
    private static func firstHeading(of file: URL) throws -> String {
        let page = try String(contentsOf: file, encoding: .utf8)
        guard let open = page.range(of: "<h1"), let close = page.range(of: ">", range: open.upperBound..<page.endIndex),
              let end = page.range(of: "</h1>", range: close.upperBound..<page.endIndex) else { return "<main" }
        let text = page[close.upperBound..<end.lowerBound]
        return String(text.prefix { $0 != "<" }).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The page as kiwix-serve serves it, saved with a `<base>` pointing back at the server and
    /// a script that records in the DOM whether Bootstrap's styles apply and every image loaded.
    private func probePage(_ page: String, server: KiwixServe, in folder: URL) async throws -> URL {
        let served = try await server.get("\(server.book)/\(page)")
        let base = server.url("\(server.book)/\(page)")
        // Body images are `loading="lazy"`: one whose fetch starts after the load event (a busy
        // machine) is not yet complete there, so each is made eager and awaited; `decode()` fails
        // for an image that does not load.
        let probe = """
            <script>window.addEventListener("load", async () => {
              const images = [...document.querySelectorAll("main img")];
              images.forEach(i => { i.loading = "eager"; });
              const loaded = await Promise.all(images.map(i => i.decode().then(() => i.naturalWidth > 0, () => false)));
              document.body.setAttribute("data-probe", getComputedStyle(document.querySelector("nav.navbar")).display
                + "/" + (loaded.every(Boolean) ? "images-ok" : "images-broken"));
            });</script></body>
            """
        let html = served.body.replacingOccurrences(of: "<head>", with: "<head><base href=\"\(base)\">")
            .replacingOccurrences(of: "</body>", with: probe)
        let file = folder.appendingPathComponent("probe-\(UUID().uuidString).html")
        try html.write(to: file, atomically: true, encoding: .utf8)
        return file
    }
}
