import Glibc

/// A file kept open to be read by ranges (`pread`), for state files too large to hold whole
/// beside what the build holds: of the search index's previous state only the skeleton is read
/// whole, and a record only when a patch needs it (docs/design.md#search).
package final class ReadableFile: Sendable {
    package let path: String
    /// Its size when opened.
    package let count: Int
    private let descriptor: Int32

    /// The file at `path`, or nil when it cannot be opened or is not a regular file.
    package init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.path = path
        self.descriptor = descriptor
        count = Int(status.st_size)
    }

    deinit { close(descriptor) }

    /// The bytes of `range`, or nil when they cannot all be read (the file shrank, a read failed).
    package func read(_ range: Range<Int>) -> [UInt8]? {
        guard range.lowerBound >= 0 else { return nil }
        var complete = true
        let bytes = [UInt8](unsafeUninitializedCapacity: range.count) { buffer, initialized in
            var done = 0
            while done < range.count {
                let read = pread(descriptor, buffer.baseAddress! + done, range.count - done, off_t(range.lowerBound + done))
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else { break }
                done += read
            }
            complete = done == range.count
            initialized = done
        }
        return complete ? bytes : nil
    }

    /// Calls `body` with the bytes of `range` in order, `chunk` bytes at a time (the last may be
    /// shorter); false when a read failed, after the chunks read so far.
    package func forEachChunk(of range: Range<Int>, chunk: Int = 1 << 20, _ body: (ArraySlice<UInt8>) -> Void) -> Bool {
        for start in stride(from: range.lowerBound, to: range.upperBound, by: chunk) {
            guard let bytes = read(start..<min(range.upperBound, start + chunk)) else { return false }
            body(bytes[...])
        }
        return true
    }
}
