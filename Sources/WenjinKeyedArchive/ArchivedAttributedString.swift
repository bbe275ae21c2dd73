import Foundation

/// An archived NSAttributedString: its text and the attribute runs that cover it.
///
/// Ranges count UTF-16 code units, as NSString does: an emoji outside the BMP is two.
/// Each inserted image is one U+FFFC character whose run carries the attachment.
package struct ArchivedAttributedString: Sendable, Equatable {
    /// U+FFFC OBJECT REPLACEMENT CHARACTER: where an attachment sits in the text.
    package static let attachmentScalar: Unicode.Scalar = "\u{FFFC}"

    package let string: String
    /// Consecutive, non-empty runs covering the whole string (none when it is empty).
    package let runs: [AttributeRun]

    package init(string: String, runs: [AttributeRun]) {
        self.string = string
        self.runs = runs
    }

    /// The text of one run (a range of this string's UTF-16 units, clamped to the string).
    package func text(of run: AttributeRun) -> String {
        let utf16 = string.utf16
        let bounds = run.range.clamped(to: 0..<utf16.count)
        let start = utf16.index(utf16.startIndex, offsetBy: bounds.lowerBound)
        let end = utf16.index(start, offsetBy: bounds.count)
        return String(utf16[start..<end]) ?? String(decoding: Array(utf16[start..<end]), as: UTF16.self)
    }

    /// The string cut into text and attachments, in order: what a renderer needs.
    /// Adjacent text of different runs is merged; each attachment run's U+FFFC is replaced
    /// by its attachment.
    package var pieces: [AttributedStringPiece] {
        var result: [AttributedStringPiece] = []
        var pendingText = ""
        for run in runs {
            let text = text(of: run)
            guard let attachment = run.attributes.attachment else {
                pendingText += text
                continue
            }
            // By scalar, not Character: a combining mark after U+FFFC must not hide it.
            for scalar in text.unicodeScalars {
                if scalar == Self.attachmentScalar {
                    if !pendingText.isEmpty { result.append(.text(pendingText)) }
                    pendingText = ""
                    result.append(.attachment(attachment))
                } else {
                    pendingText.unicodeScalars.append(scalar)
                }
            }
        }
        if !pendingText.isEmpty { result.append(.text(pendingText)) }
        return result
    }
}

/// A piece of an attributed string: plain text, or an attachment in the text's flow.
package enum AttributedStringPiece: Sendable, Equatable {
    case text(String)
    case attachment(ArchivedAttachment)
}

/// A range of an attributed string (in UTF-16 units) and the attributes it carries.
package struct AttributeRun: Sendable, Equatable {
    package let range: Range<Int>
    package let attributes: TextAttributes

    package init(range: Range<Int>, attributes: TextAttributes) {
        self.range = range
        self.attributes = attributes
    }
}

/// The attributes of a run this module understands, and the names of the others.
package struct TextAttributes: Sendable, Equatable {
    package var font: ArchivedFont?
    /// The foreground colour (`NSColor`).
    package var color: ArchivedColor?
    /// `NSLink`, as a URL string.
    package var link: String?
    package var attachment: ArchivedAttachment?
    /// Attribute names kept but not interpreted (e.g. `NSParagraphStyle`), sorted.
    package var otherNames: [String]

    package init(
        font: ArchivedFont? = nil, color: ArchivedColor? = nil, link: String? = nil,
        attachment: ArchivedAttachment? = nil, otherNames: [String] = []
    ) {
        self.font = font
        self.color = color
        self.link = link
        self.attachment = attachment
        self.otherNames = otherNames
    }
}
