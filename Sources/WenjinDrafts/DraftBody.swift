import Foundation
import WenjinKeyedArchive

/// The text of a draft as the client's text view held it: text with images in its flow.
///
/// Newlines are kept as typed; a blank line separates paragraphs. An image whose bytes the
/// archive does not hold is still a piece (with `data == nil`), so its place is not lost.
package struct DraftBody: Sendable, Equatable {
    package enum Piece: Sendable, Equatable {
        case text(String)
        case image(DraftImage)
    }

    package var pieces: [Piece]

    package init(_ pieces: [Piece]) {
        self.pieces = pieces
    }

    package init(text: String) {
        self.init(text.isEmpty ? [] : [.text(text)])
    }

    /// The text alone, each image replaced by U+FFFC as in the archived string.
    package var plainText: String {
        pieces.map { piece in
            switch piece {
            case .text(let text): text
            case .image: String(ArchivedAttributedString.attachmentScalar)
            }
        }.joined()
    }

    package var images: [DraftImage] {
        pieces.compactMap { if case .image(let image) = $0 { image } else { nil } }
    }

    init(_ archived: ArchivedAttributedString) {
        self.init(archived.pieces.map { piece in
            switch piece {
            case .text(let text): .text(text)
            case .attachment(let attachment): .image(DraftImage(data: attachment.imageData, fileName: attachment.fileName))
            }
        })
    }

    /// The keyed archive of an `NSMutableAttributedString`, as the client stores it.
    func archived() -> Data {
        KeyedArchiveWriter().attributedString(pieces.map { piece in
            switch piece {
            case .text(let text): .text(text)
            case .image(let image): .attachment(ArchivedAttachment(imageData: image.data, fileName: image.fileName))
            }
        })
    }
}

/// An image inserted in a draft's text (an `NSTextAttachment`).
package struct DraftImage: Sendable, Equatable {
    /// The image file's bytes; nil when the archive keeps only a placeholder.
    package var data: Data?
    package var fileName: String?

    package init(data: Data?, fileName: String? = nil) {
        self.data = data
        self.fileName = fileName
    }

    /// The file extension the bytes call for (`png`, `jpg`, `gif`, `webp`), read from their
    /// signature rather than the name, which the archive may lack; nil when unknown or absent.
    package var fileExtension: String? {
        guard let data else { return nil }
        if data.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "png" }
        if data.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if data.starts(with: Array("GIF8".utf8)) { return "gif" }
        if data.starts(with: Array("RIFF".utf8)), data.dropFirst(8).starts(with: Array("WEBP".utf8)) { return "webp" }
        return nil
    }
}
