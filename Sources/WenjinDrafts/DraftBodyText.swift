import Foundation

/// The plain-text form of a draft body that `wenjin drafts new` reads and `show` prints.
///
/// Text is kept as written (line ends normalized to LF, trailing blank lines dropped); a blank
/// line separates paragraphs. A line holding only `![](path/to/image.png)` (text inside the
/// brackets is allowed and ignored) inserts that image there, read from `path` relative to the
/// body file's folder, just as the client inserts a picture into the text view.
package enum DraftBodyText {
    /// Reads `text`; image paths are resolved against `imageFolder`.
    package static func parse(_ text: String, imageFolder: URL) throws(DraftsError) -> DraftBody {
        let normalized = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        var lines = normalized.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        var pieces: [DraftBody.Piece] = []
        var pendingText = ""
        for (number, line) in lines.enumerated() {
            let newline = number < lines.count - 1 ? "\n" : ""
            guard let path = imagePath(in: line) else {
                pendingText += line + newline
                continue
            }
            if !pendingText.isEmpty { pieces.append(.text(pendingText)) }
            pieces.append(.image(try image(at: path, folder: imageFolder)))
            pendingText = newline
        }
        if !pendingText.isEmpty { pieces.append(.text(pendingText)) }
        return DraftBody(pieces)
    }

    /// The body as text in the same syntax; each image becomes a line naming its file name
    /// (or `image-N` when the archive kept none).
    package static func render(_ body: DraftBody) -> String {
        var result = ""
        var imageNumber = 0
        for piece in body.pieces {
            switch piece {
            case .text(let text):
                result += text
            case .image(let image):
                imageNumber += 1
                result += "![](\(image.fileName ?? "image-\(imageNumber)"))"
            }
        }
        return result
    }

    /// The path of a `![alt](path)` line, or nil when the line is text.
    static func imagePath(in line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("!["), trimmed.hasSuffix(")"), let middle = trimmed.range(of: "](") else { return nil }
        let path = trimmed[middle.upperBound..<trimmed.index(before: trimmed.endIndex)]
        return path.isEmpty ? nil : String(path)
    }

    /// The image at `path`: a regular file that is a PNG, JPEG, GIF or WebP by its first bytes,
    /// whatever its name says; anything else (a text file, a key, a device) is refused, since
    /// the draft carries the bytes wherever draft.db goes.
    private static func image(at path: String, folder: URL) throws(DraftsError) -> DraftImage {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
        let data: Data
        do {
            let type = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)[.type] as? FileAttributeType
            guard type == .typeRegular else {
                throw DraftsError(.unreadableImage(path: path, why: "it is not a regular file"), path: url.path)
            }
            data = try Data(contentsOf: url)
        } catch let error as DraftsError {
            throw error
        } catch {
            throw DraftsError(.unreadableImage(path: path, why: error.localizedDescription), path: url.path)
        }
        guard ImageSignature(data) != nil else { throw DraftsError(.notAnImage(path: path), path: url.path) }
        return DraftImage(data: data, fileName: url.lastPathComponent)
    }
}
