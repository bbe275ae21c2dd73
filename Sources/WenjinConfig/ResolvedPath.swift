import Foundation
import Glibc

/// A path with every symbolic link and `..` resolved, as the kernel would follow it, so that two
/// names for one place compare equal: `realpath` of the longest part that exists, then the
/// missing rest appended (it holds no links yet). What the build protects and where it writes
/// are compared this way, so `--output ../site/.` or a link to the store is seen for what it is.
package struct ResolvedPath: Equatable, Sendable, CustomStringConvertible {
    /// Absolute, without a trailing slash (except `/` itself).
    package let text: String

    package init(_ url: URL) {
        var missing: [String] = []
        var existing = url.standardizedFileURL.path
        while true {
            if let pointer = realpath(existing, nil) {
                defer { free(pointer) }
                let base = String(cString: pointer)
                text = missing.reversed().reduce(base) { $0 == "/" ? "/" + $1 : $0 + "/" + $1 }
                return
            }
            let parent = (existing as NSString).deletingLastPathComponent
            guard parent != existing, !parent.isEmpty else {
                text = url.standardizedFileURL.path
                return
            }
            missing.append((existing as NSString).lastPathComponent)
            existing = parent
        }
    }

    /// `url` with `.` and `..` removed by their names alone, links not followed: the path as
    /// the user named it.
    package init(naming url: URL) {
        text = url.standardizedFileURL.path
    }

    package var url: URL { URL(fileURLWithPath: text) }
    package var description: String { text }

    /// Whether `other` is this path or lies somewhere under it.
    package func contains(_ other: ResolvedPath) -> Bool {
        other.text == text || other.text.hasPrefix(text == "/" ? "/" : text + "/")
    }
}
