import Foundation
import Testing
@testable import WenjinSite

/// A state file written a chunk at a time (`SidecarWriter`) must be the bytes and digest the
/// manifest checks it by when it is read back whole (`OutputManifest.sidecar`).
@Suite("Sidecars written a chunk at a time")
struct SidecarWriterTests {
    @Test("Words written a chunk at a time give the file, size and digest of the same bytes written whole, across chunk boundaries")
    func chunkedEqualsWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-sidecar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Empty, one word, and around the 1 MiB chunk (131,072 words) once and twice over.
        for count in [0, 1, 131_071, 131_072, 131_073, 262_145] {
            let words = (0..<count).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 ^ 0xFF00 }
            let file = folder.appendingPathComponent("state-\(count)")
            var writer = try SidecarWriter(file: file)
            writer.append(words)
            let staged = try writer.finish()

            var whole: [UInt8] = []
            for word in words { withUnsafeBytes(of: word.littleEndian) { whole.append(contentsOf: $0) } }
            #expect(try Data(contentsOf: file) == Data(whole), "\(count) words")
            #expect(staged.count == whole.count)
            #expect(staged.digest == PageFingerprint(contents: whole), "\(count) words")
        }
    }

    @Test("Bytes of any length, mixed with words, give the file, size and digest of the same bytes written whole")
    func bytesEqualWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-sidecar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // Odd lengths, so words straddle what each append hands in, up to more than two chunks at once.
        for count in [0, 3, 1_048_573, 2_621_447] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 ^ $0 >> 9) }
            let file = folder.appendingPathComponent("state-\(count)")
            var writer = try SidecarWriter(file: file)
            writer.append(7)
            bytes.withUnsafeBytes { writer.append(bytes: $0) }
            bytes.withUnsafeBytes { writer.append(bytes: UnsafeRawBufferPointer(rebasing: $0[..<(count / 3)])) }
            let staged = try writer.finish()

            var whole: [UInt8] = []
            withUnsafeBytes(of: UInt64(7).littleEndian) { whole.append(contentsOf: $0) }
            whole += bytes + bytes[..<(count / 3)]
            #expect(try Data(contentsOf: file) == Data(whole), "\(count) bytes")
            #expect(staged.count == whole.count)
            #expect(staged.digest == PageFingerprint(contents: whole), "\(count) bytes")
        }
    }
}
