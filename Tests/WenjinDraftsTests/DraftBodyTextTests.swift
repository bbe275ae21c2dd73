import Foundation
import Testing
@testable import WenjinDrafts

@Suite("Plain-text draft bodies")
struct DraftBodyTextTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])

    @Test("An image line becomes an image between the paragraphs around it")
    func imageLines() throws {
        let folder = try DraftFixture.temporaryFolder()
        try Self.png.write(to: folder.appendingPathComponent("pic.png"))
        let body = try DraftBodyText.parse("第一段\r\n\r\n![图](pic.png)\r\n\r\n第二段\n\n\n", imageFolder: folder)
        #expect(body == DraftBody([
            .text("第一段\n\n"), .image(DraftImage(data: Self.png, fileName: "pic.png")), .text("\n\n第二段"),
        ]))
        #expect(DraftBodyText.render(body) == "第一段\n\n![](pic.png)\n\n第二段")
    }

    @Test("Image syntax inside a line of text stays text")
    func inlineSyntaxIsText() throws {
        let body = try DraftBodyText.parse("see ![](x.png) here", imageFolder: URL(fileURLWithPath: "/nonexistent"))
        #expect(body == DraftBody(text: "see ![](x.png) here"))
    }

    @Test("A missing image is an error naming it")
    func missingImage() throws {
        let folder = try DraftFixture.temporaryFolder()
        #expect {
            try DraftBodyText.parse("![](missing.png)", imageFolder: folder)
        } throws: { error in
            guard case .unreadableImage(let path, _)? = (error as? DraftsError)?.reason else { return false }
            return path == "missing.png"
        }
    }

    @Test("PNG, JPEG, GIF and WebP files are embedded whatever their names, by their first bytes")
    func imageSignatures() throws {
        let folder = try DraftFixture.temporaryFolder()
        let images: [String: [UInt8]] = [
            "a.png": Array(Self.png), "b.bin": [0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], "c": Array("GIF89a\u{1}\u{0}".utf8),
            "d.gif": Array("GIF87a".utf8), "e.webp": Array("RIFF\u{4}\u{0}\u{0}\u{0}WEBPVP8 ".utf8),
        ]
        for (name, bytes) in images {
            try Data(bytes).write(to: folder.appendingPathComponent(name))
            let body = try DraftBodyText.parse("![](\(name))", imageFolder: folder)
            #expect(body.images.first?.data == Data(bytes), "\(name)")
        }
    }

    @Test("A file that is no image is refused by name, even called .png, and a device is not read")
    func nonImagesAreRefused() throws {
        let folder = try DraftFixture.temporaryFolder()
        try Data("-----BEGIN OPENSSH PRIVATE KEY-----\n".utf8).write(to: folder.appendingPathComponent("key.png"))
        try Data("RIFF\u{4}\u{0}\u{0}\u{0}WAVEfmt ".utf8).write(to: folder.appendingPathComponent("sound.webp"))
        for path in ["key.png", "sound.webp", "/etc/passwd"] {
            let error = #expect(throws: DraftsError.self) { try DraftBodyText.parse("![](\(path))", imageFolder: folder) }
            #expect(error?.reason == .notAnImage(path: path), "\(path)")
        }
        let device = #expect(throws: DraftsError.self) { try DraftBodyText.parse("![](/dev/zero)", imageFolder: folder) }
        guard case .unreadableImage(let path, let why)? = device?.reason else {
            Issue.record("not refused as unreadable: \(String(describing: device))")
            return
        }
        #expect(path == "/dev/zero" && why.contains("not a regular file"))
    }
}
