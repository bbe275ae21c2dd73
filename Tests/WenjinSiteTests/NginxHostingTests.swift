import Foundation
import Testing
import WenjinConfig
@testable import WenjinSite
import WenjinTestSupport

/// The built sample community served by Debian's nginx with README's configuration, as a
/// host would serve it (`build.hosting`), and loaded by headless Chromium.
@Suite("Served by nginx", .tags(.endToEnd), EndToEnd.skippable,
       .enabled(if: NginxServer.isInstalled && HeadlessChromium.installed,
                                   "needs Debian's nginx and chromium"),
       .timeLimit(.minutes(20)))
struct NginxHostingTests {
    @Test("A question page loads in headless Chromium with no failed request and no CSP violation; gzip bodies are precompressed; a missing page gets the 404 page")
    func servedByNginx() async throws {
        let (site, nginx) = try await Self.served()
        defer { nginx.stop(); site.remove() }

        let question = try #require(try site.content().questions.first { !$0.isAnonymous })
        let path = "/questions/\(question.id.rawValue).html"
        let page = try nginx.get(path)
        #expect(page.status == 200)
        // The headers _headers gives every path, exactly as README's nginx block sends them.
        for (name, value) in HeadersFile.securityHeaders { #expect(page.fields[name.lowercased()] == value, "\(name)") }
        #expect(page.fields["cache-control"] == "public, max-age=300")

        let result = try await Self.load(path, from: nginx, site: site)
        #expect(result.output.contains("id=\"main\""), "\(result.output.suffix(2000))")
        let console = result.output.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        #expect(!console.contains { $0.contains("Content Security Policy") }, "\(console)")
        #expect(!console.contains { $0.contains("Failed to load resource") }, "\(console)")
        // Every request the browser made, from nginx's side: the page, its style sheets and scripts.
        let requests = try String(contentsOf: nginx.accessLog, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("Chrome") }
        #expect(requests.contains { $0.contains("GET \(path) ") })
        #expect(requests.contains { $0.contains(".css HTTP") } && requests.contains { $0.contains(".js HTTP") }, "\(requests)")
        // A browser asks for /favicon.ico by itself; the archive ships none unless Public/ has one.
        let failed = requests.filter { line in
            let status = line.split(separator: "\"", omittingEmptySubsequences: false).dropFirst(2).first?
                .split(separator: " ").first.flatMap { Int($0) } ?? 0
            return status >= 400 && !line.contains("GET /favicon.ico ")
        }
        #expect(failed.isEmpty, "\(failed)")

        let original = try [UInt8](Data(contentsOf: site.output.appendingPathComponent(path)))
        let zipped = try nginx.get(path, headers: ["Accept-Encoding": "gzip, deflate, br"])
        #expect(zipped.fields["content-encoding"] == "gzip")
        #expect(zipped.body == (try [UInt8](Data(contentsOf: site.output.appendingPathComponent(path + ".gz")))))
        #expect(Compression.decompress(zipped.body, as: .gzip) == original)
        #expect(page.body == original)
        #expect(page.fields["content-encoding"] == nil)

        let missing = try nginx.get("/questions/999999999.html")
        #expect(missing.status == 404)
        #expect(missing.body == (try [UInt8](Data(contentsOf: site.output.appendingPathComponent("404.html")))))
        #expect(try nginx.get("/_headers").status == 404)
    }

    @Test("The 404 page answering for a deep address loads its styles through its one inline script, which the CSP allows by its hash")
    func deepNotFoundPage() async throws {
        let (site, nginx) = try await Self.served()
        defer { nginx.stop(); site.remove() }

        let path = "/no/such/folder/page.html"
        let result = try await Self.load(path, from: nginx, site: site)
        let console = result.output.split(separator: "\n").filter { $0.contains(":CONSOLE") }
        #expect(!console.contains { $0.contains("Content Security Policy") }, "\(console)")
        // The script ran: the page has its <base>, so the style sheets came from the site's root.
        #expect(result.output.contains("<base href=\"/\">"), "\(result.output.suffix(2000))")
        let requests = try String(contentsOf: nginx.accessLog, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("Chrome") }
        // Chromium's preload scanner may ask for the relative addresses before the script runs;
        // what counts is that every style sheet the page names came from the site's root.
        let page = try String(contentsOf: site.output.appendingPathComponent("404.html"), encoding: .utf8)
        let named = page.components(separatedBy: "rel=\"stylesheet\"").count - 1
        let loaded = Set(requests.filter { $0.contains("\"GET /assets/") && $0.contains(".css HTTP") && $0.contains("\" 200 ") })
        #expect(named > 0 && loaded.count == named, "\(requests.joined(separator: "\n"))")
    }

    /// The sample crawled and built with `build.hosting` on, served by nginx.
    private static func served() async throws -> (site: PrivacySampleSite, nginx: NginxServer) {
        var site = try await PrivacySampleSite.make()
        site.config.build.hosting = SiteConfig.Hosting()
        do {
            try site.build()
            return (site, try NginxServer.start(serving: site.output))
        } catch {
            site.remove()
            throw error
        }
    }

    /// `path` on `nginx` as headless Chromium makes it: the page's DOM after its scripts ran,
    /// with the browser's console log (CSP violations, failed loads) in the same output.
    private static func load(_ path: String, from nginx: NginxServer, site: PrivacySampleSite) async throws
        -> (status: Int32, output: String) {
        try await ExternalToolTests.run(HeadlessChromium.path, [
            "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--user-data-dir=\(site.root.appendingPathComponent(".chromium").path)",
            "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom",
            "http://127.0.0.1:\(nginx.port)\(path)",
        ])
    }
}
