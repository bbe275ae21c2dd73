import Foundation
import Glibc
import WenjinConfig

/// What a preview build reads besides draft.db — site.json, the theme folder, `Public/` and
/// the store's file and its write-ahead log — and a cheap fingerprint of their state, so the
/// preview can tell a change of drafts alone (re-render the draft pages) from anything else
/// (a whole build).
struct PreviewInputs: Sendable {
    let paths: [URL]

    init(config: SiteConfig, storePath: String) {
        paths = [
            config.root.appendingPathComponent(SiteConfig.fileName),
            config.root.appendingPathComponent("Themes").appendingPathComponent(config.theme.name),
            config.root.appendingPathComponent("Public"),
            URL(fileURLWithPath: storePath),
            URL(fileURLWithPath: storePath + "-wal"),
        ]
    }

    /// Name, size, modification time and inode of every file (folders walked); a missing path
    /// counts too, so creating it is a change.
    func fingerprint() -> Int { Self.fingerprint(of: paths) }

    static func fingerprint(of paths: [URL]) -> Int {
        var hasher = Hasher()
        for url in paths {
            add(url.path, to: &hasher)
            guard let walker = FileManager.default.enumerator(atPath: url.path) else { continue }
            var names: [String] = []
            while let name = walker.nextObject() as? String { names.append(name) }
            for name in names.sorted() { add(url.path + "/" + name, to: &hasher) }
        }
        return hasher.finalize()
    }

    private static func add(_ path: String, to hasher: inout Hasher) {
        var info = stat()
        hasher.combine(path)
        guard stat(path, &info) == 0 else { return hasher.combine(-1) }
        hasher.combine(info.st_size)
        hasher.combine(info.st_mtim.tv_sec)
        hasher.combine(info.st_mtim.tv_nsec)
        hasher.combine(info.st_ino)
    }
}
