import Foundation
import Testing
import WenjinSanitizer
@testable import WenjinSite

/// Sizes read from the files of a real asset folder, by the paths bodies use.
@Suite struct StoredImageSizesTests {
    static let sha = String(repeating: "ab", count: 32)

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("wenjin-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A baseline JPEG header whose frame lies behind comments of `padding` bytes in all.
    static func jpeg(width: Int, height: Int, padding: Int) -> Data {
        func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
        let comment = stride(from: 0, to: padding, by: 60_000).flatMap { start -> [UInt8] in
            let count = min(60_000, padding - start)
            return [0xFF, 0xFE] + be16(count + 2) + [UInt8](repeating: 0x20, count: count)
        }
        let frame: [UInt8] = [0xFF, 0xC0] + be16(11) + [8] + be16(height) + be16(width) + [1, 1, 0x11, 0]
        return Data([0xFF, 0xD8] + comment + frame + [0xFF, 0xD9])
    }

    @Test func `a JPEG whose frame lies past the first read is still sized`() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.jpeg(width: 1200, height: 900, padding: 20_000).write(to: folder.appendingPathComponent(Self.sha))
        #expect(StoredImageSizes(folder: folder).size(atPath: "../images/\(Self.sha).jpg") == ImageSize(width: 1200, height: 900))
    }

    @Test func `other paths, missing files and frames past the bound give no size`() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let sizes = StoredImageSizes(folder: folder)
        try Self.jpeg(width: 10, height: 10, padding: 100).write(to: folder.appendingPathComponent(Self.sha))
        #expect(sizes.size(atPath: "../images/\(Self.sha).jpg") != nil)
        #expect(sizes.size(atPath: "../assets/img/removed-image.svg") == nil)
        #expect(sizes.size(atPath: "../images/../\(Self.sha).jpg") == nil)
        #expect(sizes.size(atPath: "../images/\(Self.sha.uppercased()).jpg") == nil)
        #expect(sizes.size(atPath: "../images/\(String(repeating: "cd", count: 32)).png") == nil)
        let far = String(repeating: "ef", count: 32)
        try Self.jpeg(width: 10, height: 10, padding: ImageHeader.prefixLength).write(to: folder.appendingPathComponent(far))
        #expect(sizes.size(atPath: "../images/\(far).jpg") == nil)
    }
}
