import Foundation
import WenjinBuildSupport
import WenjinDrafts
import WenjinSanitizer
import WenjinTemplates

/// A draft's body as the `partials/draft-body` template shows it: paragraphs (split at blank
/// lines, as the client's text view and `wenjin drafts new` mean them) of text and images.
///
/// Draft text is what someone typed, never HTML, so it reaches the page only through escaping
/// `{{text}}` tags; this type builds values, not markup. Images become files of their own under
/// `drafts/images/`, named by the SHA-256 of their bytes so a rebuild rewrites nothing.
struct DraftBodyView {
    /// The paragraphs, each `{"pieces": [{"text": …} | {"image": href} | {"missingImage": true}]}`.
    let value: TemplateValue
    /// The image files the body needs, by output path.
    let images: [SitePath: Data]

    init(_ body: DraftBody, from page: SitePath) {
        // Paragraphs are found in the whole text, each image standing in it as U+FFFC (as in the
        // archived string), since a blank line may span the end of one text piece and the next.
        let placeholder: Character = "\u{FFFC}"  // what `DraftBody.plainText` puts for an image
        var pending = body.images[...]
        var images: [SitePath: Data] = [:]
        var paragraphs: [TemplateValue] = []
        for paragraph in Self.paragraphs(in: body.plainText) {
            var pieces: [TemplateValue] = []
            for (number, text) in paragraph.split(separator: placeholder, omittingEmptySubsequences: false).enumerated() {
                if number > 0 {
                    // An image the text holds no piece for (a stray U+FFFC) shows as missing too.
                    let image = pending.popFirst()
                    if let image, let data = image.data, let fileExtension = image.fileExtension {
                        let path = SitePath("drafts/images/\(Sanitizer.contentHash(of: Array(data))).\(fileExtension)")
                        images[path] = data
                        pieces.append(Self.piece(image: .string(page.link(to: path))))
                    } else {
                        pieces.append(Self.piece(missingImage: true))
                    }
                }
                if !text.isEmpty { pieces.append(Self.piece(text: .string(String(text)))) }
            }
            if !pieces.isEmpty { paragraphs.append(["pieces": .list(pieces)]) }
        }
        value = .list(paragraphs)
        self.images = images
    }

    /// Every key present (null when unused), so a section never finds a key of an enclosing context.
    private static func piece(text: TemplateValue = .null, image: TemplateValue = .null, missingImage: Bool = false) -> TemplateValue {
        ["text": text, "image": image, "missingImage": .bool(missingImage)]
    }

    /// Splits at blank lines (lines holding only whitespace count as blank); single newlines
    /// stay inside a paragraph, where the page's `white-space: pre-line` keeps them.
    static func paragraphs(in text: String) -> [String] {
        var result: [String] = []
        var current: [Substring] = []
        for line in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { result.append(current.joined(separator: "\n")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { result.append(current.joined(separator: "\n")) }
        return result
    }
}
