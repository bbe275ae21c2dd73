import Foundation
import WenjinBuildSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The regular files of a built site, as paths relative to its root (`FolderWalk`, whose
/// entry types spare a `stat` per file: Foundation's enumerator with resource values took most
/// of a check of 100,000 pages). A symbolic link to a file counts as that file; a linked folder
/// is not entered. A name that is not UTF-8 is an error: no link can name it, and a check that
/// passes over a file has not checked the site.
package struct SiteFiles {
    package let all: Set<String>
    /// The `.html` pages, sorted.
    package let pages: [String]

    package init(root: URL) throws(LinkCheckError) {
        let rootPath = root.path
        guard SiteFiles.kind(ofPath: rootPath) == .folder else { throw LinkCheckError(root: rootPath, reason: .notAFolder) }
        var all: Set<String> = []
        var pages: [String] = []
        func path(_ relative: String) -> String { relative.isEmpty ? rootPath : rootPath + "/" + relative }
        try FolderWalk.walk(rootPath, unopenable: { (folder) throws(LinkCheckError) in
            throw LinkCheckError(root: path(folder), reason: .unreadable)
        }, visit: { (entry) throws(LinkCheckError) in
            guard let relative = entry.relativePath else {
                throw LinkCheckError(root: path(entry.folder), reason: .nameNotUTF8)
            }
            let isFile = switch entry.kind {
            case .file: true
            case .symbolicLink: SiteFiles.kind(ofPath: path(relative)) == .file
            case .folder, .other: false
            }
            if isFile {
                all.insert(relative)
                if relative.hasSuffix(".html") || relative.hasSuffix(".htm") { pages.append(relative) }
            }
            return true
        })
        self.all = all
        self.pages = pages.sorted()
    }

    private enum Kind { case file, folder, other }

    /// What `path` is, following links.
    private static func kind(ofPath path: String) -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else { return .other }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        default: return .other
        }
    }
}
