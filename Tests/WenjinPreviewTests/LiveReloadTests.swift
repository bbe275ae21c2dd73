import Foundation
import Synchronization
import Testing
import WenjinHTTP
@testable import WenjinPreview

@Suite("Preview server: rebuild on change and live reload")
struct LiveReloadTests {
    struct BuildFailure: Error, CustomStringConvertible {
        var description: String { "theme error: page.mustache line 3: unclosed <section>" }
    }

    static func configuration() -> HTTPServerConfiguration {
        HTTPServerConfiguration(host: "127.0.0.1", port: 0)
    }

    @Test("Changing a watched file rebuilds the site and sends reload on the event stream")
    func changeSendsReload() throws {
        let folder = try PreviewFolder()
        let draft = folder.base.appendingPathComponent("draft.db")
        try folder.write("v1", to: "draft.db", in: folder.base)
        let builds = Mutex(0)
        let server = PreviewServer(root: folder.site, configuration: Self.configuration(), watch: [draft], pollInterval: .milliseconds(50)) {
            let number = builds.withLock { $0 += 1; return $0 }
            try Data("<html><body>build \(number)</body></html>".utf8).write(to: folder.site.appendingPathComponent("index.html"))
        }
        let client = RawHTTPClient(port: try server.start())
        defer { server.stop() }

        let request = Array("GET /__wenjin/live?since=0 HTTP/1.1\r\nHost: 127.0.0.1:\(client.port)\r\n\r\n".utf8)
        let toucher = Thread {
            Thread.sleep(forTimeInterval: 0.3)
            // One atomic change: a plain write can be seen half-done by a poll and count as two.
            try? Data("v2, longer".utf8).write(to: draft, options: .atomic)
        }
        toucher.start()
        let stream = String(decoding: try client.exchange(request, until: "event: reload", timeout: .seconds(60)), as: UTF8.self)
        #expect(stream.contains("Content-Type: text/event-stream"))
        #expect(stream.contains("event: reload\ndata: 1\n"))
        #expect(builds.withLock { $0 } == 1)
        #expect(try client.send("GET", "/").text.contains("build 1"))
    }

    @Test("A page served before a rebuild gets reload at once when its stream connects after it")
    func lateStreamStillReloads() throws {
        let folder = try PreviewFolder()
        let server = PreviewServer(root: folder.site, configuration: Self.configuration())
        let client = RawHTTPClient(port: try server.start())
        defer { server.stop() }
        server.rebuild()
        let request = Array("GET /__wenjin/live?since=0 HTTP/1.1\r\nHost: 127.0.0.1:\(client.port)\r\n\r\n".utf8)
        let stream = String(decoding: try client.exchange(request, until: "event: reload", timeout: .seconds(60)), as: UTF8.self)
        #expect(stream.contains("data: 1\n"))
    }

    @Test("A failed rebuild shows its error over every page, the server keeps serving, and a good rebuild removes it")
    func buildErrorsAreShown() throws {
        let folder = try PreviewFolder()
        try folder.write("<html><body>旧页面</body></html>", to: "index.html")
        let failing = Mutex(true)
        let server = PreviewServer(root: folder.site, configuration: Self.configuration()) {
            if failing.withLock({ $0 }) { throw BuildFailure() }
        }
        let client = RawHTTPClient(port: try server.start())
        defer { server.stop() }

        server.rebuild()
        #expect(server.buildError == BuildFailure().description)
        let broken = try client.send("GET", "/")
        #expect(broken.status == 200)
        #expect(broken.text.contains("旧页面"))
        #expect(broken.text.contains("id=\"wenjin-build-error\""))
        #expect(broken.text.contains("unclosed &lt;section&gt;"))
        #expect(try client.send("GET", "/missing.html").text.contains("wenjin-build-error"))

        failing.withLock { $0 = false }
        server.rebuild()
        #expect(server.buildError == nil)
        #expect(!(try client.send("GET", "/").text.contains("wenjin-build-error")))
    }

    @Test("The page's ETag changes with each rebuild, since the injected script does")
    func htmlTagFollowsRebuilds() throws {
        let folder = try PreviewFolder()
        try folder.write("<html><body>x</body></html>", to: "index.html")
        let server = PreviewServer(root: folder.site, configuration: Self.configuration())
        let client = RawHTTPClient(port: try server.start())
        defer { server.stop() }
        let tag = try #require(try client.send("GET", "/").header("ETag"))
        #expect(try client.send("GET", "/", headers: ["If-None-Match": tag]).status == 304)
        server.rebuild()
        #expect(try client.send("GET", "/", headers: ["If-None-Match": tag]).status == 200)
    }
}
