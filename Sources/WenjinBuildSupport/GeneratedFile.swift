import Foundation

/// A file a writer produced, not yet on disk: where it goes under the output root and its
/// bytes. Writers return these so the build decides how to write them (atomically, only when
/// changed) and tests can look at them without a folder.
public struct GeneratedFile: Sendable, Equatable {
    /// A path relative to the output root, with `/` separators and no `..`
    /// (`search/shard-3f.js`, `topics/12/atom.xml`).
    public struct Path: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
        public let text: String
        public init(_ text: String) { self.text = text }
        public init(stringLiteral text: String) { self.text = text }
        public var description: String { text }
        public static func < (lhs: Path, rhs: Path) -> Bool { lhs.text < rhs.text }

        /// How many folders deep the file is (`a/b.xml` → 1); relative links out of it climb this many levels.
        public var depth: Int { text.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) } }
    }

    public let path: Path
    public let contents: Data

    public init(path: Path, contents: Data) {
        self.path = path
        self.contents = contents
    }

    public init(path: String, text: String) {
        self.init(path: Path(path), contents: Data(text.utf8))
    }

    /// Writes the file under `root`, creating its folders.
    public func write(under root: URL) throws {
        let url = root.appendingPathComponent(path.text)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: url, options: .atomic)
    }
}
