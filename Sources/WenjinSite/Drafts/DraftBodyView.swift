import Foundation
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
        var paragraphs: [[TemplateValue]] = [[]]
        var images: [SitePath: Data] = [:]
        for piece in body.pieces {
            switch piece {
            case .text(let text):
                let parts = Self.paragraphs(in: text)
                for (number, part) in parts.enumerated() {
                    if number > 0 { paragraphs.append([]) }
                    if !part.isEmpty { paragraphs[paragraphs.count - 1].append(Self.piece(text: .string(part))) }
                }
            case .image(let image):
                guard let data = image.data, let fileExtension = image.fileExtension else {
                    paragraphs[paragraphs.count - 1].append(Self.piece(missingImage: true))
                    continue
                }
                let path = SitePath("drafts/images/\(Sanitizer.contentHash(of: Array(data))).\(fileExtension)")
                images[path] = data
                paragraphs[paragraphs.count - 1].append(Self.piece(image: .string(page.link(to: path))))
            }
        }
        value = .list(paragraphs.filter { !$0.isEmpty }.map { ["pieces": .list($0)] })
        self.images = images
    }

    /// Every key present (null when unused), so a section never finds a key of an enclosing context.
    private static func piece(text: TemplateValue = .null, image: TemplateValue = .null, missingImage: Bool = false) -> TemplateValue {
        ["text": text, "image": image, "missingImage": .bool(missingImage)]
    }

    /// Splits at blank lines (lines holding only whitespace count as blank); single newlines
    /// stay inside a paragraph, where the page's `white-space: pre-line` keeps them.
    static func paragraphs(in text: String) -> [String] {
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        var result: [String] = [""]
        var current: [Substring] = []
        var sawBlank = false
        for line in lines {
            if line.allSatisfy(\.isWhitespace) {
                sawBlank = true
                continue
            }
            if sawBlank {
                // A blank line before any text of this piece still ends the paragraph before it.
                result[result.count - 1] = current.joined(separator: "\n")
                result.append("")
                current = []
            }
            sawBlank = false
            current.append(line)
        }
        result[result.count - 1] = current.joined(separator: "\n")
        // A text piece that ends in a blank line closes its paragraph, so an image after it starts a new one.
        if sawBlank, !current.isEmpty { result.append("") }
        return result
    }
}
