import Foundation
import Glibc
import WenjinBuildSupport

/// Writes a sidecar's bytes to its file a chunk at a time, digesting them as
/// `PageFingerprint(contents:)` digests them whole, so a large state file (the page inputs:
/// about 70 MB at 100,000 questions) is never held in memory beside the one it replaces.
struct SidecarWriter: ~Copyable {
    private let descriptor: Int32
    private let file: URL
    private var buffer: [UInt8] = []
    private var digest = PageFingerprint.contentsDigest()
    private var count = 0
    /// The first write that failed, reported by `finish`.
    private var failure: Int32?
    private static let chunk = 1 << 20

    init(file: URL) throws(OutputFileError) {
        // A file of that name may be a link to a live sidecar (`OutputManifest.carry`): replaced, never truncated.
        unlink(file.path)
        descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw OutputFileError(path: file.path, message: "cannot create the file", underlying: POSIXError(.init(rawValue: errno) ?? .EIO))
        }
        self.file = file
        buffer.reserveCapacity(Self.chunk + 8)
    }

    deinit { close(descriptor) }

    mutating func append(_ word: UInt64) {
        withUnsafeBytes(of: word.littleEndian) { buffer.append(contentsOf: $0) }
        if buffer.count >= Self.chunk { flush() }
    }

    /// Words, copied as bytes where they are little-endian already (the page inputs' values:
    /// over a million words at 100,000 questions).
    mutating func append(_ words: [UInt64]) {
        #if _endian(little)
        words.withUnsafeBytes { append(bytes: $0) }
        #else
        for word in words { append(word) }
        #endif
    }

    /// Bytes as they are (the search state, `SearchIndexState.write(into:)`), a chunk at a time.
    mutating func append(bytes: UnsafeRawBufferPointer) {
        for start in stride(from: 0, to: bytes.count, by: Self.chunk) {
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + Self.chunk)]))
            if buffer.count >= Self.chunk { flush() }
        }
    }

    /// Writes what is left; the sidecar's size and digest, as `OutputManifest.stage` gives them.
    consuming func finish() throws(OutputFileError) -> OutputManifest.StagedSidecar {
        flush()
        // `ContentDigest.add(bytes:)` ends with the bytes that fill no word, then the length.
        var tail: UInt64 = 0
        for (index, byte) in buffer.enumerated() { tail |= UInt64(byte) << (8 * UInt64(index)) }
        write(buffer.count)
        digest.add(word: tail)
        digest.add(word: UInt64(count))
        if let failure {
            throw OutputFileError(path: file.path, message: "cannot write the file", underlying: POSIXError(.init(rawValue: failure) ?? .EIO))
        }
        return OutputManifest.StagedSidecar(count: count, digest: PageFingerprint(value: digest.finish()))
    }

    /// Digests and writes the buffer's whole words; the bytes that fill no word stay for `finish`.
    private mutating func flush() {
        let words = buffer.count / 8 * 8
        buffer.withUnsafeBytes { bytes in
            for offset in stride(from: 0, to: words, by: 8) {
                digest.add(word: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            }
        }
        write(words)
    }

    /// Writes the buffer's first `length` bytes and drops them from it.
    private mutating func write(_ length: Int) {
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while failure == nil, offset < length {
                let done = Glibc.write(descriptor, bytes.baseAddress! + offset, length - offset)
                if done < 0, errno == EINTR { continue }
                if done <= 0 { failure = done < 0 ? errno : EIO } else { offset += done }
            }
        }
        count += length
        buffer.removeFirst(length)
    }
}
