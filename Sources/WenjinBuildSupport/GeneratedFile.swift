import Foundation

/// A file a writer produced, not yet on disk: where it goes under the output root and its
/// bytes. Writers return these so the build decides how to write them (atomically, only when
/// changed) and tests can look at them without a folder.
public struct GeneratedFile: Sendable, Equatable {
    /// Where the file goes under the output root (no `..`).
    public let path: SitePath
    public let contents: Data

    public init(path: SitePath, contents: Data) {
        self.path = path
        self.contents = contents
    }

    public init(path: String, text: String) {
        self.init(path: SitePath(path), contents: Data(text.utf8))
    }

    /// Writes the file under `root`, creating its folders.
    public func write(under root: URL) throws {
        let url = root.appendingPathComponent(path.text)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, options: .atomic)
    }
}
