import Foundation
import Testing
import WenjinHTTP
@testable import WenjinPreview

/// The preview answers only requests addressed to itself, so a page whose name was pointed at
/// 127.0.0.1 (DNS rebinding) cannot read unpublished drafts through the visitor's browser.
@Suite("Preview server: Host header")
struct PreviewHostTests {
    static func serve(_ folder: PreviewFolder, host: String = "127.0.0.1") throws -> (PreviewServer, RawHTTPClient) {
        let server = PreviewServer(root: folder.site, configuration: HTTPServerConfiguration(host: host, port: 0))
        return (server, RawHTTPClient(port: try server.start()))
    }

    @Test("A request naming another host, or another port, is refused with 403 and no draft in the body")
    func foreignHostsAreRefused() throws {
        let folder = try PreviewFolder()
        try folder.write("<html><body>未发表的草稿</body></html>", to: "drafts/index.html")
        let (server, client) = try Self.serve(folder)
        defer { server.stop() }
        for host in ["evil.example", "evil.example:\(client.port)", "127.0.0.1.evil.example:\(client.port)",
                     "localhost.:\(client.port)", "127.0.0.1:\(client.port + 1)", "127.0.0.1", "[::1]:\(client.port)x",
                     "10.0.0.1:\(client.port)"] {
            let answer = try client.send("GET", "/drafts/index.html", headers: ["Host": host])
            #expect(answer.status == 403, "Host: \(host)")
            #expect(!answer.text.contains("草稿"), "Host: \(host)")
        }
        let events = try client.send("GET", "/__wenjin/live?since=0", headers: ["Host": "evil.example:\(client.port)"])
        #expect(events.status == 403)
    }

    @Test("The address it listens on and the loopback names with its port are answered, in any case")
    func ownNamesAreAnswered() throws {
        let folder = try PreviewFolder()
        try folder.write("<html><body>未发表的草稿</body></html>", to: "drafts/index.html")
        let (server, client) = try Self.serve(folder)
        defer { server.stop() }
        for host in ["127.0.0.1:\(client.port)", "localhost:\(client.port)", "LocalHost:\(client.port)", "[::1]:\(client.port)"] {
            let answer = try client.send("GET", "/drafts/index.html", headers: ["Host": host])
            #expect(answer.status == 200, "Host: \(host)")
            #expect(answer.text.contains("草稿"), "Host: \(host)")
        }
    }

    @Test("Listening on every address, a numeric address with its port is answered but a name still is not")
    func everyAddressTakesNumbersOnly() throws {
        let folder = try PreviewFolder()
        try folder.write("<html><body>首页</body></html>", to: "index.html")
        let (server, client) = try Self.serve(folder, host: "0.0.0.0")
        defer { server.stop() }
        #expect(try client.send("GET", "/", headers: ["Host": "192.168.1.20:\(client.port)"]).status == 200)
        #expect(try client.send("GET", "/", headers: ["Host": "evil.example:\(client.port)"]).status == 403)
    }
}
