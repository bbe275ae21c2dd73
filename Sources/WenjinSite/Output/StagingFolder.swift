import Foundation
import Glibc
import Synchronization
import WenjinBuildSupport

/// The file operations a build applies to the folder it stages the new output in. That folder
/// is the twin of the live output: most of its names are hard links to the live site's files,
/// so nothing here ever writes through an existing name: a file is always a new inode, made
/// under a free name or after the old name is removed.
final class StagingFolder: Sendable {
    /// The folder as a path: names are joined as strings, since `URL.appendingPathComponent`
    /// asks the file system whether each name is a folder.
    let root: String
    private let createdFolders = Mutex<Set<String>>([])

    init(root: String) {
        self.root = root
    }

    func file(_ path: SitePath) -> String { root + "/" + path.text }

    /// Creates `path` as a new file holding `bytes`, replacing what the name held.
    func create(_ path: SitePath, with bytes: [UInt8]) throws(OutputFileError) {
        let target = try prepare(path)
        // Open first and remove only on EEXIST: unlinking a missing name still takes the
        // folder's write lock, which serializes the writing threads of a fresh build.
        var descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == EEXIST {
            try removeName(target)
            descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard descriptor >= 0 else { throw Self.failure(target, "cannot create the file") }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { throw Self.failure(target, "cannot write the file") }
            offset += written
        }
    }

    /// Makes `path` a hard link to the file `source` (an absolute path), replacing what the
    /// name held; false when `source` cannot be linked (missing, or on another file system).
    func link(_ source: String, to path: SitePath) throws(OutputFileError) -> Bool {
        let target = try prepare(path)
        if Glibc.link(source, target) == 0 { return true }
        guard errno == EEXIST else { return false }
        try removeName(target)
        return Glibc.link(source, target) == 0
    }

    /// Removes the files at `paths` and then every folder they leave empty.
    func remove(_ paths: [SitePath]) throws(OutputFileError) {
        var folders = Set<String>()
        for path in paths {
            let target = file(path)
            if unlink(target) != 0, errno != ENOENT { try removeName(target) }
            var folder = path.text
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                folders.insert(folder)
            }
        }
        // Deepest first, so a folder emptied by removing its last subfolder goes too;
        // `rmdir` refuses folders that still hold something, which is what keeps them.
        for folder in folders.sorted(by: { $0.utf8.count > $1.utf8.count }) {
            rmdir(root + "/" + folder)
        }
        createdFolders.withLock { $0.removeAll() }
    }

    /// Removes whatever `target` names: a file, or a folder in the way of a file.
    private func removeName(_ target: String) throws(OutputFileError) {
        if unlink(target) == 0 || errno == ENOENT { return }
        guard errno == EISDIR || errno == EPERM else { throw Self.failure(target, "cannot replace the file") }
        do {
            try FileManager.default.removeItem(atPath: target)
        } catch {
            throw OutputFileError(path: target, message: "cannot replace the folder with a file", underlying: error)
        }
    }

    /// The target's path, its folder created (a file in the way of it removed).
    private func prepare(_ path: SitePath) throws(OutputFileError) -> String {
        let target = file(path)
        guard let slash = path.text.lastIndex(of: "/") else { return target }
        let folder = root + "/" + path.text[..<slash]
        // Created under the lock, so no thread writes into a folder another is still creating.
        let failure: (any Error)? = createdFolders.withLock { created in
            guard !created.contains(folder) else { return nil }
            var info = stat()
            if stat(folder, &info) != 0 || info.st_mode & S_IFMT != S_IFDIR {
                do {
                    if lstat(folder, &info) == 0 { try FileManager.default.removeItem(atPath: folder) }
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    return error
                }
            }
            created.insert(folder)
            return nil
        }
        if let failure { throw OutputFileError(path: folder, message: "cannot create the folder", underlying: failure) }
        return target
    }

    private static func failure(_ path: String, _ what: String) -> OutputFileError {
        OutputFileError(path: path, message: what, underlying: POSIXError(.init(rawValue: errno) ?? .EIO))
    }
}
