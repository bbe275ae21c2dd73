import Synchronization
import WenjinSanitizer

/// Wraps the archive's resolver for one body and remembers every question asked and its
/// answer, so the cached result can later be checked against the archive of another build.
final class RecordingResolver: ArchiveResolver {
    private let base: ArchiveLinks
    private let asked = Mutex<[RecordedLink]>([])

    init(base: ArchiveLinks) {
        self.base = base
    }

    func localPath(for link: CommunityLink) -> String? {
        let answer = base.localPath(for: link)
        asked.withLock { $0.append(RecordedLink(link, localPath: answer)) }
        return answer
    }

    func isArchivePath(_ path: String) -> Bool {
        base.isArchivePath(path)
    }

    /// Not recorded: the size follows from the recorded image path (see `StoredImageSizes`).
    func imageSize(atPath path: String) -> ImageSize? {
        base.imageSize(atPath: path)
    }

    /// Every link asked about, once each, in a stable order.
    var links: [RecordedLink] {
        asked.withLock { Array(Set($0)) }.sorted { ($0.kind, $0.id ?? 0, $0.token ?? "") < ($1.kind, $1.id ?? 0, $1.token ?? "") }
    }
}
