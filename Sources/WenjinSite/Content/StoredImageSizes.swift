import Foundation
import WenjinSanitizer

/// The pixel sizes of the images the archive holds, read from the headers of the crawler's
/// stored files: what `ArchiveLinks` answers when the sanitizer asks for an image's size.
///
/// A site image path names the SHA-256 of the image's bytes (`SiteLayout.image`), so the
/// size depends on the path alone, and a cached body whose recorded image paths still hold
/// still has the right sizes (`RecordedLink`).
struct StoredImageSizes: Sendable {
    let folder: URL

    /// Most headers fit in the first few kilobytes; a JPEG with large metadata up front is
    /// read again, up to `ImageHeader.prefixLength`.
    private static let firstRead = 4096

    /// The size of the image at `path` (relative to a body's page, `../images/<sha256>.<ext>`),
    /// or nil for another path, a file that is missing or unreadable, or a header not believed.
    func size(atPath path: String) -> ImageSize? {
        let prefix = "../" + SiteLayout.imageFolder
        guard path.hasPrefix(prefix) else { return nil }
        let name = path.dropFirst(prefix.count).prefix { $0 != "." }
        guard name.utf8.count == 64, name.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }) else {
            return nil
        }
        guard let file = try? FileHandle(forReadingFrom: folder.appending(path: String(name), directoryHint: .notDirectory)) else {
            return nil
        }
        defer { try? file.close() }
        guard let head = try? file.read(upToCount: Self.firstRead) else { return nil }
        if let size = ImageHeader.size(of: head) { return size }
        guard head.count == Self.firstRead, let rest = try? file.read(upToCount: ImageHeader.prefixLength - Self.firstRead) else {
            return nil
        }
        return ImageHeader.size(of: head + rest)
    }
}
