import Foundation
import Glibc
import Synchronization

/// The output folder of one build, written beside the live one and swapped in at the end,
/// so a failed or killed build leaves the previous site as it was (atomic), while files whose
/// bytes did not change are hard links to the previous ones, not rewrites (incremental).
final class StagedOutput: Sendable {
    /// Whether a file was written anew or carried over from the previous output.
    enum Outcome: Sendable {
        case written
        case unchanged
    }

    let destination: URL
    let staging: URL
    private let previous: URL?
    /// The two folders as paths: files are named by joining strings, since
    /// `URL.appendingPathComponent` asks the file system whether each name is a folder.
    private let stagingPath: String
    private let previousPath: String?
    private let createdFolders = Mutex<Set<String>>([])

    /// Prepares `.<name>.building` beside `destination`, removing what a killed build left there.
    init(destination: URL) throws(SiteError) {
        self.destination = destination.standardizedFileURL
        let name = self.destination.lastPathComponent
        staging = self.destination.deletingLastPathComponent().appendingPathComponent(".\(name).building")
        var isFolder: ObjCBool = false
        previous = FileManager.default.fileExists(atPath: self.destination.path, isDirectory: &isFolder) && isFolder.boolValue
            ? self.destination : nil
        stagingPath = staging.path
        previousPath = previous?.path
        do {
            if FileManager.default.fileExists(atPath: staging.path) { try FileManager.default.removeItem(at: staging) }
            try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        } catch {
            throw SiteError(.output, step: .renderPages, file: staging.path, message: "cannot prepare the output: \(error)")
        }
    }

    /// Writes `bytes` at `path`, or links the previous file when it holds the same bytes.
    func write(_ bytes: [UInt8], to path: SitePath, step: BuildStep) throws(SiteError) -> Outcome {
        let target = try prepare(path, step: step)
        if let old = previousFile(path), let data = FileManager.default.contents(atPath: old),
           Self.same(data, bytes), link(old, target) == 0 {
            return .unchanged
        }
        try Self.create(target, with: bytes, step: step)
        return .written
    }

    /// Links the previous output's file at `path` into the new one, when there is one; the
    /// caller knows its bytes are still right (`PageManifest`).
    func carryOver(_ path: SitePath, step: BuildStep) throws(SiteError) -> Bool {
        guard let old = previousFile(path) else { return false }
        return link(old, try prepare(path, step: step)) == 0
    }

    /// Places the file `source` at `path`. Content-addressed files (images, named by their
    /// hash) are linked from the previous output when there, else linked from the source when
    /// it is on the same file system, so no image is ever copied twice.
    func place(_ source: URL, to path: SitePath, contentAddressed: Bool, step: BuildStep) throws(SiteError) -> Outcome {
        if contentAddressed {
            let target = try prepare(path, step: step)
            if let old = previousFile(path), link(old, target) == 0 { return .unchanged }
            if link(source.path, target) == 0 { return .written }
        }
        guard let data = FileManager.default.contents(atPath: source.path) else {
            throw SiteError(.output, step: step, file: source.path, message: "cannot read the file to copy")
        }
        return try write(Array(data), to: path, step: step)
    }

    private static func same(_ data: Data, _ bytes: [UInt8]) -> Bool {
        guard data.count == bytes.count else { return false }
        return data.withUnsafeBytes { old in
            bytes.withUnsafeBytes { new in
                guard let old = old.baseAddress, let new = new.baseAddress else { return true }
                return memcmp(old, new, bytes.count) == 0
            }
        }
    }

    /// A plain create-and-write: the staging folder is private to this build, so the atomic
    /// temporary-file dance of `Data.write(options: .atomic)` would only cost time.
    private static func create(_ target: String, with bytes: [UInt8], step: BuildStep) throws(SiteError) {
        // A new inode, never a write through an existing name: a name in the staging folder
        // may be a hard link to the live site's file, which must not change.
        unlink(target)
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw SiteError(.output, step: step, file: target, message: "cannot create the file: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + offset, bytes.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw SiteError(.output, step: step, file: target, message: "cannot write the file: \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// Swaps the staged folder in for the live one. The old one is removed afterwards.
    func publish() throws(SiteError) {
        let retired = destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).old")
        do {
            if FileManager.default.fileExists(atPath: retired.path) { try FileManager.default.removeItem(at: retired) }
            if previous != nil { try FileManager.default.moveItem(at: destination, to: retired) }
            try FileManager.default.moveItem(at: staging, to: destination)
            if previous != nil { try FileManager.default.removeItem(at: retired) }
        } catch {
            throw SiteError(.output, step: .publish, file: destination.path, message: "cannot swap the new site in: \(error)")
        }
    }

    /// Removes the staged folder after a failure; the live output was never touched.
    func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    private func previousFile(_ path: SitePath) -> String? {
        previousPath.map { $0 + "/" + path.text }
    }

    /// The staged file's path, its folder created.
    private func prepare(_ path: SitePath, step: BuildStep) throws(SiteError) -> String {
        let target = stagingPath + "/" + path.text
        let folder = path.text.lastIndex(of: "/").map { stagingPath + "/" + path.text[..<$0] } ?? stagingPath
        // Created under the lock, so no thread writes into a folder another is still creating.
        let failure: String? = createdFolders.withLock { created in
            guard !created.contains(folder) else { return nil }
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                return "\(error)"
            }
            created.insert(folder)
            return nil
        }
        if let failure { throw SiteError(.output, step: step, file: folder, message: "cannot create the folder: \(failure)") }
        return target
    }
}
