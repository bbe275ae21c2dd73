/// The folders of an output that hold its files: what a manifest's folder lines check
/// (`OutputManifest`), so that a name added anywhere in the output voids it.
enum OutputFolders {
    /// Folders a path's folder is compared with before it is hashed.
    private static let recentFolders = 16

    /// The folders that hold `paths`, their parents and the root (`.`) included, sorted. Each
    /// file's own folder is found as a slice of its path, so only the few distinct folders
    /// become strings; a slice is first compared with the last few folders met, so that the
    /// paths of an output (a dozen folders for 225,000 files at 100,000 questions) are not each
    /// hashed into a set.
    static func holding<Paths: Sequence<String>>(_ paths: Paths) -> [String] {
        var parents = Set<Substring>()
        var recent: [Substring] = []
        for path in paths {
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { continue }
            let parent = path[..<slash]
            let length = parent.utf8.count
            if recent.contains(where: { $0.utf8.count == length && $0.utf8.elementsEqual(parent.utf8) }) { continue }
            parents.insert(parent)
            if recent.count < recentFolders { recent.append(parent) } else { recent[length % recentFolders] = parent }
        }
        var folders: Set<String> = ["."]
        for parent in parents {
            var folder = parent
            while folders.insert(String(folder)).inserted, let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
                folder = folder[..<slash]
            }
        }
        return folders.sorted()
    }
}
