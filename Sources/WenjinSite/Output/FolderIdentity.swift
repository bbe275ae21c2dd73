import Foundation
import Glibc

/// A folder's identity on disk (device and inode, as `stat` gives them): what ties a manifest
/// kept outside the output to the folder it describes. A rename keeps it, so a manifest
/// written for the staging folder still describes it once it is the live output.
struct FolderIdentity: Hashable, Sendable, CustomStringConvertible {
    let device: UInt64
    let inode: UInt64

    init(device: UInt64, inode: UInt64) {
        self.device = device
        self.inode = inode
    }

    /// Nil when `path` is not a folder (or does not exist).
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    var description: String { "\(device) \(inode)" }

    /// When the names in the folder at `path` last changed (its modification time, in
    /// nanoseconds): a file added, removed or renamed into it by anyone changes it, while
    /// renaming the folder itself does not. Nil when it is not a folder.
    static func namesChanged(_ path: String) -> Int64? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        return Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }
}
