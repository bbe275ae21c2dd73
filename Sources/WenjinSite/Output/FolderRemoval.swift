import Foundation
import Glibc
import WenjinBuildSupport

/// Removes a folder a build set aside (an untrusted twin: a whole previous output, 150,000
/// files at 100,000 questions). Its files are listed first, then unlinked on every core: the
/// folder's lock is held only for the name, while freeing the inode and its blocks (with
/// online discard, a disk command per file) happens after it is let go, so the threads overlap
/// where one thread would wait for each file in turn (BENCHMARKS.md, "Publish at scale").
enum FolderRemoval {
    /// Removes `path` and everything in it; true when it is gone. Not fatal when it fails: the
    /// next build removes what is left before it starts (`StagedOutput`).
    @discardableResult
    static func remove(_ path: String) -> Bool {
        var files: [String] = []
        var folders: [String] = []
        list(path, files: &files, folders: &folders)
        _ = ParallelWork.map(files) { file in unlink(file) }
        // Deepest first: a folder is empty once its subfolders are gone.
        for folder in folders.reversed() { rmdir(folder) }
        return access(path, F_OK) != 0
    }

    /// The files under `folder` and its subfolders, `folder` first then each subfolder after
    /// the one holding it; symbolic links are files (removed, never followed). A name that is
    /// not UTF-8 stays, and so does its folder: the next build removes what is left.
    private static func list(_ folder: String, files: inout [String], folders: inout [String]) {
        folders.append(folder)
        FolderWalk.walk(folder, unopenable: { _ in }) { entry in
            guard let relative = entry.relativePath else { return true }
            if entry.kind == .folder { folders.append(folder + "/" + relative) } else { files.append(folder + "/" + relative) }
            return true
        }
    }
}
