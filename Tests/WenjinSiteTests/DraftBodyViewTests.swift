import Foundation
import Testing
import WenjinBuildSupport
import WenjinDrafts
import WenjinTemplates
@testable import WenjinSite

@Suite("Draft bodies on a page")
struct DraftBodyViewTests {
    /// The paragraphs as lists of short descriptions: `t:text`, `img:href`, `missing`.
    func outline(_ view: DraftBodyView) -> [[String]] {
        guard case .list(let paragraphs) = view.value else { return [] }
        func member(_ value: TemplateValue, _ key: String) -> TemplateValue? {
            if case .object(let object) = value { object[key] } else { nil }
        }
        return paragraphs.map { paragraph in
            guard case .list(let pieces)? = member(paragraph, "pieces") else { return [] }
            return pieces.map { piece in
                if case .string(let text)? = member(piece, "text") { return "t:" + text }
                if case .string(let href)? = member(piece, "image") { return "img:" + href }
                return member(piece, "missingImage") == .bool(true) ? "missing" : "?"
            }
        }
    }

    @Test("Blank lines (also of spaces) split paragraphs; single newlines stay inside one")
    func blankLinesSplitParagraphs() {
        let view = DraftBodyView(DraftBody(text: "第一行\n第二行\n\n第二段\n \n\n第三段\n"), from: SitePath("drafts/q1.html"))
        #expect(outline(view) == [["t:第一行\n第二行"], ["t:第二段"], ["t:第三段"]])
    }

    @Test("An image after a blank line starts a paragraph, text after it joins that one, and its file is named by its hash")
    func imagesSitInTheFlow() throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
        let view = DraftBodyView(DraftBody([.text("看图：\n\n"), .image(DraftImage(data: png)), .text("\n图注"),
                                            .text("\n\n"), .image(DraftImage(data: nil))]),
                                 from: SitePath("questions/100.html"))
        let path = try #require(view.images.keys.first)
        #expect(path.text.hasPrefix("drafts/images/") && path.text.hasSuffix(".png") && path.text.count == "drafts/images/".count + 64 + 4)
        #expect(view.images[path] == png)
        #expect(outline(view) == [["t:看图："], ["img:../" + path.text, "t:\n图注"], ["missing"]])
    }
}
