/// Implemented by the site builder: where a community page or an image lives in the archive.
package protocol ArchiveResolver: Sendable {
    /// The relative path (`../questions/3521.html#answer-10873`, `../assets/ab/cdef.jpg`) of a
    /// page or image, or nil when the archive lacks it: then links point at the original, and
    /// an image becomes a link to the original. Paths must be relative (no scheme, no leading
    /// `/`), so that sanitizing the result again leaves them alone. The empty path means the
    /// archive withholds the page on purpose: the link becomes its text.
    func localPath(for link: CommunityLink) -> String?

    /// The URL of WeCenter attachment `id` (`[attach]id[/attach]` in stored BBCode), if known.
    func attachmentURL(id: Int) -> String?

    /// Whether a relative URL is one this resolver hands out, so that sanitizing the output again
    /// keeps it. Any other relative URL in a body was written relative to the original site and
    /// is read against the source (where, in an archive, it would point at nothing).
    func isArchivePath(_ path: String) -> Bool

    /// The pixel size of the stored image at `path` (a path `localPath(for:)` handed out), or
    /// nil when unknown. The sanitizer writes it as `width` and `height` on an `<img>` lacking
    /// them; cached bodies are reused on the recorded image paths, so the size must depend on
    /// the path alone (the site's image paths are named by the SHA-256 of the bytes).
    func imageSize(atPath path: String) -> ImageSize?
}

extension ArchiveResolver {
    package func attachmentURL(id: Int) -> String? { nil }
    package func isArchivePath(_ path: String) -> Bool { false }
    package func imageSize(atPath path: String) -> ImageSize? { nil }
}

/// A resolver for an archive with no pages and no assets: every community link points at
/// the original and every image becomes a link to it. What `wenjin sanitize` uses on its own.
package struct OriginalsResolver: ArchiveResolver {
    package init() {}

    package func localPath(for link: CommunityLink) -> String? { nil }
}
