import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The regular files of a built site, as paths relative to its root. Read with `readdir`,
/// whose entry types spare a `stat` per file: Foundation's enumerator with resource values
/// took most of a check of 100,000 pages. A symbolic link to a file counts as that file.
package struct SiteFiles {
    package let all: Set<String>
    /// The `.html` pages, sorted.
    package let pages: [String]

    package init(root: URL) throws(LinkCheckError) {
        let rootPath = root.path
        guard SiteFiles.kind(ofPath: rootPath) == .folder else { throw LinkCheckError(root: rootPath, reason: .notAFolder) }
        var all: Set<String> = []
        var pages: [String] = []
        var folders = [""]
        while let folder = folders.popLast() {
            let folderPath = folder.isEmpty ? rootPath : rootPath + "/" + folder
            guard let stream = opendir(folderPath) else { throw LinkCheckError(root: folderPath, reason: .unreadable) }
            defer { closedir(stream) }
            while let entry = readdir(stream) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { buffer in
                    String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let relative = folder.isEmpty ? name : folder + "/" + name
                let kind: Kind
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_DIR): kind = .folder
                case Int32(DT_REG): kind = .file
                // A linked folder is not entered, so a link to a parent cannot loop.
                case Int32(DT_LNK): kind = SiteFiles.kind(ofPath: folderPath + "/" + name) == .file ? .file : .other
                default: kind = SiteFiles.kind(ofPath: folderPath + "/" + name, followingLinks: false)
                }
                switch kind {
                case .folder:
                    folders.append(relative)
                case .file:
                    all.insert(relative)
                    if relative.hasSuffix(".html") || relative.hasSuffix(".htm") { pages.append(relative) }
                case .other:
                    continue
                }
            }
        }
        self.all = all
        self.pages = pages.sorted()
    }

    private enum Kind { case file, folder, other }

    private static func kind(ofPath path: String, followingLinks: Bool = true) -> Kind {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        default: return .other
        }
    }
}
