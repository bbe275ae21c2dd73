import Foundation
import Testing
import WenjinHTTP
@testable import WenjinPreview

@Suite("Preview server: serving the site folder")
struct PreviewFileServingTests {
    static func serve(_ folder: PreviewFolder) throws -> (PreviewServer, RawHTTPClient) {
        var configuration = HTTPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.requestTimeout = .seconds(30)
        let server = PreviewServer(root: folder.site, configuration: configuration)
        return (server, RawHTTPClient(port: try server.start()))
    }

    @Test("Files get their content types, folders their index.html, and HTML pages the reload script")
    func contentTypesAndIndex() throws {
        let folder = try PreviewFolder()
        try folder.write("<html><body><p>首页</p></body></html>", to: "index.html")
        try folder.write("body{}", to: "assets/site.css")
        try folder.write("var x;", to: "search/shard-0.js")
        try folder.write("<html><body>问题</body></html>", to: "questions/index.html")
        let (server, client) = try Self.serve(folder)
        defer { server.stop() }

        let home = try client.send("GET", "/")
        #expect(home.status == 200)
        #expect(home.header("Content-Type") == "text/html; charset=utf-8")
        #expect(home.text.hasPrefix("<html><body><p>首页</p><script>"))
        #expect(home.text.contains("EventSource(\"/__wenjin/live?since=0\")"))
        #expect(home.text.hasSuffix("</body></html>"))
        #expect(try client.send("GET", "/assets/site.css").header("Content-Type") == "text/css; charset=utf-8")
        let script = try client.send("GET", "/search/shard-0.js")
        #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
        #expect(script.text == "var x;")
        #expect(try client.send("GET", "/questions/").text.contains("问题"))
        let redirect = try client.send("GET", "/questions?x=1")
        #expect(redirect.status == 301)
        #expect(redirect.header("Location") == "/questions/?x=1")
    }

    @Test("Only GET and HEAD are answered; HEAD gets the headers without the body")
    func methods() throws {
        let folder = try PreviewFolder()
        try folder.write("hello", to: "a.txt")
        let (server, client) = try Self.serve(folder)
        defer { server.stop() }
        for method in ["POST", "PUT", "DELETE", "OPTIONS", "PATCH"] {
            let answer = try client.send(method, "/a.txt")
            #expect(answer.status == 405, "\(method)")
            #expect(answer.header("Allow") == "GET, HEAD")
        }
        let head = try client.send("HEAD", "/a.txt")
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "5")
        #expect(head.body.isEmpty)
    }

    @Test("A matching If-None-Match gets 304, and a changed file a new ETag")
    func entityTags() throws {
        let folder = try PreviewFolder()
        try folder.write("one", to: "a.txt")
        let (server, client) = try Self.serve(folder)
        defer { server.stop() }
        let first = try client.send("GET", "/a.txt")
        let tag = try #require(first.header("ETag"))
        let again = try client.send("GET", "/a.txt", headers: ["If-None-Match": "\"other\", \(tag)"])
        #expect(again.status == 304)
        #expect(again.body.isEmpty)
        #expect(again.header("ETag") == tag)
        try folder.write("two!", to: "a.txt")
        let changed = try client.send("GET", "/a.txt", headers: ["If-None-Match": tag])
        #expect(changed.status == 200)
        #expect(changed.text == "two!")
        #expect(changed.header("ETag") != tag)
    }

    @Test("A missing page gets the site's own 404.html with status 404, or a plain 404 page without one")
    func notFoundPage() throws {
        let folder = try PreviewFolder()
        let (server, client) = try Self.serve(folder)
        defer { server.stop() }
        let plain = try client.send("GET", "/nope.html")
        #expect(plain.status == 404)
        #expect(plain.text.contains("404 Not Found"))
        try folder.write("<html><body>找不到这一页</body></html>", to: "404.html")
        let own = try client.send("GET", "/questions/999.html")
        #expect(own.status == 404)
        #expect(own.text.contains("找不到这一页"))
        #expect(own.text.contains("/__wenjin/live"))
    }
}
