import Foundation
import Glibc

/// The fingerprint of every page of a published output folder, kept in the store's folder
/// (`pages-<output name>.manifest`), so the next build links an unchanged page from the
/// previous output without rendering or reading it.
///
/// The output folder must not hold it (the site is published as is), so it is tied to the
/// folder it describes by that folder's device and inode: it is written for the staging folder
/// just before the swap, and the swap (a rename) keeps the inode. A build killed between the
/// two leaves a manifest naming a folder that never became the output, which is then ignored.
struct PageManifest: Sendable {
    /// A folder's identity on disk, as `stat` gives it.
    struct FolderIdentity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64

        init?(_ folder: URL) {
            var info = stat()
            guard stat(folder.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    private static let header = "wenjin page manifest 1"
    private(set) var fingerprints: [String: PageFingerprint] = [:]

    init() {}

    subscript(path: SitePath) -> PageFingerprint? { fingerprints[path.text] }

    /// Where the manifest of `output` lives.
    static func file(for output: URL, in storeFolder: URL) -> URL {
        storeFolder.appendingPathComponent("pages-\(output.standardizedFileURL.lastPathComponent).manifest")
    }

    /// The manifest of `output` as it is now, or an empty one when there is none, it cannot be
    /// read, or it describes another folder.
    static func load(from file: URL, describing output: URL) -> PageManifest {
        var manifest = PageManifest()
        guard let identity = FolderIdentity(output), let data = FileManager.default.contents(atPath: file.path) else { return manifest }
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard let first = lines.popFirst(), first == "\(header) \(identity.device) \(identity.inode)" else { return manifest }
        manifest.fingerprints.reserveCapacity(lines.count)
        for line in lines {
            guard line.count > 17, let fingerprint = PageFingerprint(hex: line.prefix(16)) else { return PageManifest() }
            manifest.fingerprints[String(line.dropFirst(17))] = fingerprint
        }
        return manifest
    }

    /// Writes the manifest of the staged folder `folder` (atomically: a killed write leaves the old one).
    static func write(_ entries: [(SitePath, PageFingerprint)], describing folder: URL, to file: URL) throws(SiteError) {
        guard let identity = FolderIdentity(folder) else {
            throw SiteError(.output, step: .publish, file: folder.path, message: "the staged output folder is gone")
        }
        var text = "\(header) \(identity.device) \(identity.inode)\n"
        for (path, fingerprint) in entries.sorted(by: { $0.0 < $1.0 }) {
            text += "\(fingerprint) \(path.text)\n"
        }
        let temporary = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".new")
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        } catch {
            throw SiteError(.output, step: .publish, file: file.path, message: "cannot write the page manifest: \(error)")
        }
    }
}
