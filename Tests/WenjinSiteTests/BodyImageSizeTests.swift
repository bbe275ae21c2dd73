import Foundation
import Testing
import WenjinModel
import WenjinSanitizer
import WenjinStore
@testable import WenjinSite

/// Body images carry the stored file's `width` and `height` (issue 13), checked against what
/// Debian's `file` reads from the same files, and kept right when an image is stored later.
@Suite struct BodyImageSizeTests {
    /// Every `<img>` in a body of `html` that shows a stored image: its source, width and height.
    static func bodyImages(in html: String) -> [(source: String, width: String?, height: String?)] {
        html.matches(of: /<img src="(\.\.\/images\/[^"]+)"[^>]*loading="lazy"[^>]*>/).map { match in
            let tag = String(match.output.0)
            return (String(match.output.1), tag.firstMatch(of: /\swidth="(\d+)"/).map { String($0.output.1) },
                    tag.firstMatch(of: /\sheight="(\d+)"/).map { String($0.output.1) })
        }
    }

    /// "W x H" (PNG, GIF) or "WxH" (JPEG's frame) as `file` prints it for an image.
    static func sizeByFile(_ file: URL) async throws -> (String, String)? {
        let (status, output, _) = try await SamplePageKinds.run("file", ["-b", file.path], in: file.deletingLastPathComponent())
        guard status == 0, let match = output.firstMatch(of: /, (\d+) ?x ?(\d+)(,|\n|$)/) else { return nil }
        return (String(match.output.1), String(match.output.2))
    }

    @Test(.timeLimit(.minutes(20)))
    func `the sample's question pages give each body image the width and height of its stored file`() async throws {
        try #require(SamplePageKinds.has("file"), "Debian's file is missing: make deps-test installs it")
        let site = try await SampleCommunityBuildTests.CrawledSite(questions: 40)
        _ = try site.build()
        let folder = site.output.appendingPathComponent("questions")
        var checked = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".html") {
            let page = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for image in Self.bodyImages(in: page) {
                let file = folder.appendingPathComponent(image.source)
                let real = try #require(try await Self.sizeByFile(file), "file cannot read the size of \(image.source)")
                #expect(image.width == real.0 && image.height == real.1,
                        "questions/\(name): \(image.source) is \(real.0)×\(real.1), the page says \(image.width ?? "-")×\(image.height ?? "-")")
                checked += 1
            }
        }
        #expect(checked > 0, "no body image on any question page of the sample")
    }

    @Test func `an image stored after a build gets its size on the next build`() async throws {
        let site = try FixtureSite()
        defer { site.remove() }
        _ = try site.build()
        let page = { try String(contentsOf: site.output.appendingPathComponent("questions/100.html"), encoding: .utf8) }
        #expect(try page().contains(#"<a href="http://wenjin.example/uploads/answer/gone.png""#))
        // A real 5×3 PNG, written by python3's zlib and struct, stored as the crawler would.
        let png = site.root.appendingPathComponent("gone.png")
        let script = """
        import struct, sys, zlib
        def chunk(kind, data): return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))
        rows = b''.join(b'\\x00' + b'\\xff\\x00\\x00' * 5 for _ in range(3))
        open(sys.argv[1], 'wb').write(b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 5, 3, 8, 2, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(rows)) + chunk(b'IEND', b''))
        """
        let written = try await SamplePageKinds.run("python3", ["-c", script, png.path], in: site.root)
        #expect(written.status == 0, "\(written.errors)")
        let bytes = try Data(contentsOf: png)
        let sha = Sanitizer.contentHash(of: [UInt8](bytes))
        try bytes.write(to: site.config.assetFolder.appendingPathComponent(sha))
        try site.store.write { writer in
            try writer.put(Asset(url: AssetURL(FixtureSite.source + "/uploads/answer/gone.png"), sha256: sha,
                                 contentType: "image/png", size: bytes.count, state: .stored))
        }
        _ = try site.build()
        let images = Self.bodyImages(in: try page())
        let stored = try #require(images.first { $0.source == "../images/\(sha).png" }, "the stored image is not shown")
        #expect(stored.width == "5" && stored.height == "3")
    }
}
