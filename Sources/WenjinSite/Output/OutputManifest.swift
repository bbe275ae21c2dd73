import Foundation
import Glibc

/// The fingerprint of every file of one output folder, and the small state files the builder
/// keeps with it (sidecars), stored in the store's folder: the output itself is published as
/// is, so it cannot hold them.
///
/// A manifest names the folder it describes by its identity (`FolderIdentity`) and is read
/// back only for that folder. `StagedOutput` keeps two slot files per output, one for the live
/// folder and one for its twin; which is which follows from the identities, so swapping the
/// folders needs no manifest write.
struct OutputManifest: Sendable {
    private(set) var fingerprints: [String: PageFingerprint] = [:]
    private(set) var sidecars: [String: [UInt8]] = [:]

    private static let header = "wenjin output manifest 2"

    init(fingerprints: [String: PageFingerprint] = [:], sidecars: [String: [UInt8]] = [:]) {
        self.fingerprints = fingerprints
        self.sidecars = sidecars
    }

    subscript(path: SitePath) -> PageFingerprint? { fingerprints[path.text] }

    /// The two slot files of the output folder `destination` in `stateFolder`.
    static func slots(for destination: URL, in stateFolder: URL) -> [URL] {
        let name = destination.standardizedFileURL.lastPathComponent
        return [1, 2].map { stateFolder.appendingPathComponent("output-\(name).\($0).manifest") }
    }

    /// The folder a slot file describes and its manifest; nil when the file is missing or
    /// malformed (a half-written one cannot exist: files are renamed into place).
    static func read(_ file: URL) -> (FolderIdentity, OutputManifest)? {
        guard let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return Array(data).withUnsafeBufferPointer { parse($0) }
    }

    /// The manifest as bytes: a header naming the folder, one `<fingerprint> <path>` line per
    /// file (sorted, so equal manifests are equal files), then each sidecar as
    /// `sidecar <byte count> <name>` and its bytes.
    func encoded(describing folder: FolderIdentity) -> [UInt8] {
        var bytes = Array("\(Self.header) \(folder)\n".utf8)
        bytes.reserveCapacity(fingerprints.count * 40 + sidecars.values.reduce(0) { $0 + $1.count + 64 })
        for (path, fingerprint) in fingerprints.sorted(by: { $0.key < $1.key }) {
            bytes += "\(fingerprint) \(path)\n".utf8
        }
        for (name, contents) in sidecars.sorted(by: { $0.key < $1.key }) {
            bytes += "sidecar \(contents.count) \(name)\n".utf8
            bytes += contents
            bytes.append(0x0A)
        }
        return bytes
    }

    /// Writes the manifest of `folder` to `file` atomically (a killed write leaves the old file).
    func write(describing folder: FolderIdentity, to file: URL) throws(SiteError) {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(file.lastPathComponent + ".new")
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(encoded(describing: folder)).write(to: temporary)
            guard rename(temporary.path, file.path) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        } catch {
            throw SiteError(.output, step: .publish, file: file.path, message: "cannot write the output manifest: \(error)")
        }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (FolderIdentity, OutputManifest)? {
        var position = 0
        /// The next line without its newline; nil at the end or on a missing newline.
        func line() -> Substring? {
            guard let end = bytes[position...].firstIndex(of: 0x0A) else { return nil }
            defer { position = end + 1 }
            return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self)
        }
        guard let first = line(), first.hasPrefix(header + " ") else { return nil }
        let numbers = first.dropFirst(header.count + 1).split(separator: " ")
        guard numbers.count == 2, let device = UInt64(numbers[0]), let inode = UInt64(numbers[1]) else { return nil }
        var manifest = OutputManifest()
        while position < bytes.count, let text = line() {
            if text.hasPrefix("sidecar ") {
                let parts = text.dropFirst(8).split(separator: " ", maxSplits: 1)
                guard parts.count == 2, let count = Int(parts[0]), count >= 0, position + count < bytes.count,
                      bytes[position + count] == 0x0A else { return nil }
                manifest.sidecars[String(parts[1])] = Array(bytes[position..<position + count])
                position += count + 1
            } else {
                guard text.utf8.count > 17, let fingerprint = PageFingerprint(hex: text.prefix(16)) else { return nil }
                manifest.fingerprints[String(text.dropFirst(17))] = fingerprint
            }
        }
        guard position == bytes.count else { return nil }
        return (FolderIdentity(device: device, inode: inode), manifest)
    }
}
