import Glibc
import Synchronization

/// Where a full write puts its posting lists while it makes them (`SearchPostingRuns`): an
/// unlinked temporary file, appended a chunk at a time from every core and read back one group
/// of terms at a time, so the archive's lists are never all in memory (docs/design.md#search).
/// The file has no name from the moment it is made, so nothing is left behind, even by a killed
/// build. If the folder cannot hold it (no such folder, a full disk), chunks stay in memory:
/// the index is the same, only the memory it takes grows.
final class SearchSpill: Sendable {
    /// Where a chunk's bytes are.
    enum Place: Sendable {
        case file(offset: Int, count: Int)
        case memory([UInt8])
    }

    private let descriptor: Int32
    /// The end of what the file holds, and whether it still takes writes.
    private let end = Mutex<(bytes: Int, usable: Bool)>((0, true))

    /// A spill in `folder` (the system's temporary folder if nil: `TMPDIR`, else `/tmp`).
    init(folder: String?) {
        let folder = folder ?? (getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp")
        var template = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8CString.dropLast()) + Array("wenjin-search-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor >= 0 {
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            // Not handed to a program the build starts (the image converters, a browser).
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        self.descriptor = descriptor
        if descriptor < 0 { end.withLock { $0.usable = false } }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Stores `bytes` and says where.
    func append(_ bytes: [UInt8]) -> Place {
        guard !bytes.isEmpty else { return .memory([]) }
        // The range is taken under the lock and written outside it, so both cores write at once.
        let offset: Int? = end.withLock { end in
            guard end.usable else { return nil }
            defer { end.bytes += bytes.count }
            return end.bytes
        }
        guard let offset else { return .memory(bytes) }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var done = 0
            while done < buffer.count {
                let count = pwrite(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
        if written { return .file(offset: offset, count: bytes.count) }
        end.withLock { $0.usable = false }
        return .memory(bytes)
    }

    /// The bytes stored at `place`. The file is this write's own and unlinked: a read that fails
    /// is a failing disk, which no other answer than stopping would make safe.
    func read(_ place: Place) -> [UInt8] {
        switch place {
        case .memory(let bytes):
            return bytes
        case .file(let offset, let count):
            return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                var done = 0
                while done < count {
                    let read = pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done))
                    if read < 0 && errno == EINTR { continue }
                    guard read > 0 else {
                        fatalError("the search index's temporary file could not be read back (\(String(cString: strerror(errno))))")
                    }
                    done += read
                }
                initialized = count
            }
        }
    }
}
