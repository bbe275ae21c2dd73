import Foundation
import Glibc

/// Maps a request path to a file inside the served folder, and to nothing outside it.
///
/// Segments are split on the raw `/` first and percent-decoded one by one, so `%2F` can never
/// become a separator; decoded segments that are `.`, `..`, or hold `/`, `\` or NUL are refused.
/// The file found is then resolved with `realpath` and must still lie under the root's real
/// path, which stops symlinks that lead out of the folder.
struct SiteFileResolver: Sendable {
    enum Outcome: Equatable {
        /// A regular file to serve.
        case file(FoundFile)
        /// A folder asked for without its trailing slash: relative links need the slash.
        case folderWithoutSlash
        case notFound
        /// A path no honest browser sends (encoded separators, `..`, bad escapes).
        case refused
    }

    /// The root's real path, without a trailing slash.
    let rootRealPath: String

    init?(root: URL) {
        guard let real = Self.realPath(root.path) else { return nil }
        rootRealPath = real == "/" ? "" : real
    }

    func resolve(_ rawPath: String) -> Outcome {
        var segments: [String] = []
        for raw in rawPath.split(separator: "/", omittingEmptySubsequences: true) {
            guard let segment = Self.percentDecoded(raw), segment != ".", segment != "..",
                  !segment.contains(where: { $0 == "/" || $0 == "\\" || $0 == "\0" })
            else { return .refused }
            segments.append(segment)
        }
        let joined = rootRealPath + "/" + segments.joined(separator: "/")
        guard let real = contained(joined) else { return .notFound }
        var info = stat()
        guard stat(real, &info) == 0 else { return .notFound }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            guard rawPath.hasSuffix("/") else { return .folderWithoutSlash }
            guard let index = contained(real + "/index.html"), stat(index, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                return .notFound
            }
            return .file(FoundFile(path: index, info))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else { return .notFound }
        return .file(FoundFile(path: real, info))
    }

    /// The real path of `path` when it exists and lies inside the root.
    private func contained(_ path: String) -> String? {
        guard let real = Self.realPath(path) else { return nil }
        guard real == rootRealPath || real.hasPrefix(rootRealPath + "/") else { return nil }
        return real
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// `%XX` escapes decoded to bytes, which must form UTF-8; nil for a broken escape.
    static func percentDecoded(_ segment: Substring) -> String? {
        var bytes: [UInt8] = []
        var utf8 = segment.utf8.makeIterator()
        while let byte = utf8.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.next().flatMap(hexValue), let low = utf8.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// A file found inside the root, with what its validator is made of.
struct FoundFile: Equatable {
    /// The real path (symlinks resolved).
    let path: String
    let size: Int
    let modifiedNanoseconds: Int64
    let inode: UInt64

    init(path: String, _ info: stat) {
        self.path = path
        size = Int(info.st_size)
        modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        inode = UInt64(info.st_ino)
    }

    /// A strong validator: any write changes the modification time or the size, and a file
    /// replaced by a rename changes the inode.
    var entityTag: String {
        "\"\(String(size, radix: 16))-\(String(modifiedNanoseconds, radix: 16))-\(String(inode, radix: 16))\""
    }
}
