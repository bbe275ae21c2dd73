import Foundation

/// A file a writer produced, not yet on disk: where it goes under the output root and its
/// bytes. Writers return these so the build decides how to write them (atomically, only when
/// changed) and tests can look at them without a folder.
package struct GeneratedFile: Sendable, Equatable {
    /// Where the file goes under the output root (no `..`).
    package let path: SitePath
    package let contents: Data

    package init(path: SitePath, contents: Data) {
        self.path = path
        self.contents = contents
    }

    package init(path: String, text: String) {
        self.init(path: SitePath(path), contents: Data(text.utf8))
    }

    /// Writes the file under `root`, creating its folders.
    package func write(under root: URL) throws {
        let url = root.appendingPathComponent(path.text)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, options: .atomic)
    }
}
