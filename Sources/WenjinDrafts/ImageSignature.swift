import Foundation

/// The image formats a draft may embed, told by their first bytes (the name says nothing).
enum ImageSignature: CaseIterable {
    case png
    case jpeg
    case gif
    case webp

    /// Nil when `data` starts like none of them.
    init?(_ data: Data) {
        let bytes = [UInt8](data.prefix(12))
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else {
            return nil
        }
    }
}
