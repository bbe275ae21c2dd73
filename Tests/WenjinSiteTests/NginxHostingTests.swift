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
        defer { nginx.stop() }

        let path = "/" + site.questionPage
        let page = try nginx.get(path)
        #expect(page.status == 200)
        // The headers _headers gives every path, exactly as README's nginx block sends them.
        for (name, value) in HeadersFile.securityHeaders { #expect(page.fields[name.lowercased()] == value, "\(name)") }
        #expect(page.fields["cache-control"] == "public, max-age=300")

        let result = try await Self.load(path, from: nginx)
        #expect(result.dom.contains("id=\"main\""), "\(result.dom.suffix(2000))")
        #expect(result.problems == [], "\(result.problems)")
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
        defer { nginx.stop() }

        let path = "/no/such/folder/page.html"
        let result = try await Self.load(path, from: nginx)
        #expect(!result.problems.contains { $0.hasPrefix("Content Security Policy") }, "\(result.problems)")
        // The script ran: the page has its <base>, so the style sheets came from the site's root.
        #expect(result.dom.contains("<base href=\"/\">"), "\(result.dom.suffix(2000))")
        let requests = try String(contentsOf: nginx.accessLog, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("Chrome") }
        // Chromium's preload scanner may ask for the relative addresses before the script runs;
        // what counts is that every style sheet the page names came from the site's root.
        let page = try String(contentsOf: site.output.appendingPathComponent("404.html"), encoding: .utf8)
        let named = page.components(separatedBy: "rel=\"stylesheet\"").count - 1
        let loaded = Set(requests.filter { $0.contains("\"GET /assets/") && $0.contains(".css HTTP") && $0.contains("\" 200 ") })
        #expect(named > 0 && loaded.count == named, "\(requests.joined(separator: "\n"))")
    }

    /// The sample crawled and built with `build.hosting` on, and the page of a question with a
    /// named asker in it; built once per test process (both tests only read it) and removed
    /// when the process exits.
    private struct HostedSite {
        let output: URL
        let questionPage: String
    }

    private static func served() async throws -> (site: HostedSite, nginx: NginxServer) {
        let folder = try await SharedFixtureFolders.shared.folder("nginx-hosted-site") { folder in
            var site = try await PrivacySampleSite.make()
            defer { site.remove() }
            site.config.build.hosting = SiteConfig.Hosting()
            try site.build(into: folder.appendingPathComponent("_site"))
            let question = try #require(try site.content().questions.first { !$0.isAnonymous })
            try Data("questions/\(question.id.rawValue).html".utf8).write(to: folder.appendingPathComponent("question-page"))
        }
        let site = HostedSite(output: folder.appendingPathComponent("_site"),
                              questionPage: try String(contentsOf: folder.appendingPathComponent("question-page"), encoding: .utf8))
        return (site, try NginxServer.start(serving: site.output))
    }

    /// Run in each page before its own scripts: keeps what a browser's console would report as
    /// a Content Security Policy violation or a failed load of a style sheet, script or image.
    static let problemWatch = """
        window.wenjinProblems = [];
        document.addEventListener("securitypolicyviolation", function (event) {
          wenjinProblems.push("Content Security Policy: " + event.violatedDirective + " blocked " + (event.blockedURI || "inline"));
        });
        addEventListener("error", function (event) {
          if (event.target !== window) wenjinProblems.push("Failed to load resource: " + (event.target.href || event.target.src));
        }, true);
        """

    /// `path` on `nginx` in the process's headless Chromium: the page's DOM after its scripts ran
    /// and the load ended (and a quarter second more, for violations reported late), and the
    /// problems `problemWatch` saw.
    private static func load(_ path: String, from nginx: NginxServer) async throws -> (dom: String, problems: [String]) {
        let loaded = """
            location.protocol === "http:" && document.readyState === "complete" && performance.getEntriesByType("navigation")[0].loadEventEnd > 0
              && performance.now() - performance.getEntriesByType("navigation")[0].loadEventEnd > 250
              ? JSON.stringify({dom: document.documentElement.outerHTML, problems: wenjinProblems}) : null
            """
        let page = try #require(URL(string: "http://127.0.0.1:\(nginx.port)\(path)"))
        let json = try await HeadlessChromium.shared.evaluate(loaded, in: page, firstScript: problemWatch)
        struct Seen: Decodable { let dom: String, problems: [String] }
        let seen = try JSONDecoder().decode(Seen.self, from: Data(json.utf8))
        return (seen.dom, seen.problems)
    }
}
