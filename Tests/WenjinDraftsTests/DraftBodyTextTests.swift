import Foundation
import Testing
@testable import WenjinDrafts

@Suite("Plain-text draft bodies")
struct DraftBodyTextTests {
    @Test("An image line becomes an image between the paragraphs around it")
    func imageLines() throws {
        let folder = try DraftFixture.temporaryFolder()
        try Data([1, 2, 3]).write(to: folder.appendingPathComponent("pic.png"))
        let body = try DraftBodyText.parse("第一段\r\n\r\n![图](pic.png)\r\n\r\n第二段\n\n\n", imageFolder: folder)
        #expect(body == DraftBody([
            .text("第一段\n\n"), .image(DraftImage(data: Data([1, 2, 3]), fileName: "pic.png")), .text("\n\n第二段"),
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
}
