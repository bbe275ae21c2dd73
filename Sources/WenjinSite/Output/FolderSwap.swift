import Foundation
import Glibc

/// Swaps two folders: atomically with `renameat2(RENAME_EXCHANGE)` where the kernel and file
/// system allow it, else by three renames through a spare name (a process killed between them
/// leaves no live folder, which the next build treats as a fresh one).
enum FolderSwap {
    /// glibc's `renameat2`, looked up at run time: Swift's Glibc module does not declare it,
    /// and the variadic `syscall` cannot be called from Swift. Nil on an older C library.
    private static let renameat2: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
    }()

    private static let exchangeFlag: UInt32 = 2  // RENAME_EXCHANGE in <linux/fs.h>
    private static let currentFolder: Int32 = -100  // AT_FDCWD

    /// Exchanges the folders at `first` and `second`. `spare` is a free name on the same file
    /// system for the fallback; `atomic: false` takes the fallback on purpose (tests).
    static func exchange(_ first: String, _ second: String, spare: String, atomic: Bool = true) throws(SiteError) {
        if atomic, let renameat2 {
            if renameat2(currentFolder, first, currentFolder, second, exchangeFlag) == 0 { return }
            // Only a refusal of the operation itself falls back; anything else is a real failure.
            guard errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP else { throw failure(first, "exchange") }
        }
        guard rename(first, spare) == 0 else { throw failure(first, "move aside") }
        guard rename(second, first) == 0 else {
            let error = failure(second, "move in")
            rename(spare, first)
            throw error
        }
        guard rename(spare, second) == 0 else { throw failure(spare, "move back") }
    }

    /// Moves the folder `source` to the free name `target`.
    static func move(_ source: String, to target: String) throws(SiteError) {
        guard rename(source, target) == 0 else { throw failure(source, "move") }
    }

    private static func failure(_ path: String, _ action: String) -> SiteError {
        SiteError(.output, step: .publish, file: path, message: "cannot swap the new site in (\(action)): \(String(cString: strerror(errno)))")
    }
}
