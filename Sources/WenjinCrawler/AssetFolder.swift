import Foundation
import WenjinSanitizer

/// The folder of downloaded images (`.wenjin/assets/`): each file is named by the SHA-256 of
/// its bytes, so an image used by many posts is stored once and a file is never half-written
/// (bytes go to a temporary name first, then are renamed into place).
package struct AssetFolder: Sendable {
    package let url: URL

    package init(_ url: URL) { self.url = url }

    /// Where the bytes with this SHA-256 live.
    package func file(sha256: String) -> URL { url.appendingPathComponent(sha256) }

    /// Stores `bytes` and returns their SHA-256; does nothing more when the file exists.
    func store(_ bytes: Data) throws(CrawlError) -> String {
        let digest = Sanitizer.contentHash(of: [UInt8](bytes))
        let target = file(sha256: digest)
        if FileManager.default.fileExists(atPath: target.path) { return digest }
        let temporary = url.appendingPathComponent(".\(digest).\(UInt32.random(in: 0...UInt32.max)).part")
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try bytes.write(to: temporary)
            if rename(temporary.path, target.path) != 0 { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CrawlError(.assetFolder, location: target.path, underlying: error)
        }
        return digest
    }
}
