import Foundation
import Testing
import WenjinHTTP
@testable import WenjinPreview

@Suite("Preview server: nothing outside the root")
struct PathTraversalTests {
    static let secret = "TOP-SECRET-OUTSIDE-THE-ROOT"

    @Test("Raw, percent-encoded and encoded-slash traversals and outward symlinks get no file from outside",
          arguments: [
              "/../secret.txt", "/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt", "/.%2e/secret.txt",
              "/%2e%2e%2fsecret.txt", "/..%2Fsecret.txt", "/sub/..%2f..%2fsecret.txt", "/..%5csecret.txt",
              "/%252e%252e/secret.txt", "/sub/%2e%2e/%2e%2e/secret.txt", "/secret-link.txt", "/outside/secret.txt",
              "/sub/../../secret.txt", "//../secret.txt", "/%00/../secret.txt", "/%zz/secret.txt",
          ])
    func traversalsAreRefused(target: String) throws {
        let folder = try PreviewFolder()
        try folder.write(Self.secret, to: "secret.txt", in: folder.base)
        try folder.write("inside", to: "sub/inside.txt")
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: folder.site.appendingPathComponent("secret-link.txt").path, withDestinationPath: "../secret.txt")
        try manager.createSymbolicLink(atPath: folder.site.appendingPathComponent("outside").path, withDestinationPath: folder.base.path)
        let server = PreviewServer(root: folder.site, configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0))
        let client = RawHTTPClient(port: try server.start())
        defer { server.stop() }

        let answer = try client.send("GET", target)
        #expect(answer.status == 404 || answer.status == 400, "\(target) → \(answer.status)")
        #expect(!answer.text.contains(Self.secret), "\(target) leaked the file")
    }

    @Test("A symlink that stays inside the root, escaped letters and percent-encoded Chinese names are served")
    func insideSymlinkIsServed() throws {
        let folder = try PreviewFolder()
        try folder.write("inside", to: "sub/inside.txt")
        try FileManager.default.createSymbolicLink(
            atPath: folder.site.appendingPathComponent("alias.txt").path, withDestinationPath: "sub/inside.txt")
        let server = PreviewServer(root: folder.site, configuration: HTTPServerConfiguration(host: "127.0.0.1", port: 0))
        let client = RawHTTPClient(port: try server.start())
        defer { server.stop() }
        #expect(try client.send("GET", "/alias.txt").text == "inside")
        #expect(try client.send("GET", "/sub/%69nside.txt").text == "inside")
        try folder.write("中文", to: "话题/介绍.txt")
        #expect(try client.send("GET", "/%E8%AF%9D%E9%A2%98/%E4%BB%8B%E7%BB%8D.txt").text == "中文")
    }
}
