/// Reads an image's pixel size from the first bytes of its file (PNG, JPEG, GIF, WebP), without
/// decoding it. Files come from the community, so any of them may be hostile: every read is
/// checked against the bytes given, every loop is bounded by them, and a header that is cut
/// short, malformed or states an absurd size gives no size rather than a wrong one.
package enum ImageHeader {
    /// How many leading bytes of a file `size(of:)` needs at most. A JPEG whose frame header
    /// lies further in (behind large embedded profiles or thumbnails) gets no size.
    package static let prefixLength = 64 * 1024

    /// The size the header states, or nil for an unknown format or an unbelievable header.
    package static func size(of bytes: some Collection<UInt8>) -> ImageSize? {
        let bytes = Array(bytes.prefix(prefixLength))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return png(bytes) }
        if bytes.starts(with: [0xFF, 0xD8]) { return jpeg(bytes) }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return gif(bytes) }
        if bytes.starts(with: Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) { return webp(bytes) }
        return nil
    }

    /// The first chunk must be `IHDR`: width and height, 4 bytes each, big-endian.
    private static func png(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
        return ImageSize(width: bigEndian(bytes, at: 16, count: 4), height: bigEndian(bytes, at: 20, count: 4))
    }

    /// The logical screen: width and height, 2 bytes each, little-endian.
    private static func gif(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count >= 10 else { return nil }
        return ImageSize(width: littleEndian(bytes, at: 6, count: 2), height: littleEndian(bytes, at: 8, count: 2))
    }

    /// Segments one after another until a start-of-frame (SOF0–SOF15 but DHT, JPG and DAC),
    /// whose height and width follow the sample precision.
    private static func jpeg(_ bytes: [UInt8]) -> ImageSize? {
        var offset = 2
        var orientation = JPEGOrientation.upright
        while offset + 4 <= bytes.count {
            guard bytes[offset] == 0xFF else { return nil }
            let marker = bytes[offset + 1]
            if marker == 0xFF { offset += 1; continue }  // fill byte before a marker
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }  // no length
            if marker == 0xD9 || marker == 0xDA { return nil }  // end of image, or scan data before any frame
            let length = bigEndian(bytes, at: offset + 2, count: 2)
            guard length >= 2 else { return nil }
            let body = offset + 4
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard length >= 7, body + 5 <= bytes.count else { return nil }
                let height = bigEndian(bytes, at: body + 1, count: 2), width = bigEndian(bytes, at: body + 3, count: 2)
                // A browser shows the picture turned as its EXIF orientation says.
                return orientation.swapsSides ? ImageSize(width: height, height: width) : ImageSize(width: width, height: height)
            }
            if marker == 0xE1, let stated = JPEGOrientation(exif: bytes, from: body, to: min(bytes.count, offset + 2 + length)) {
                orientation = stated
            }
            offset += 2 + length
        }
        return nil
    }

    /// `VP8 ` (lossy: 14-bit sides after the key frame's start code), `VP8L` (lossless: 14-bit
    /// sides less one, packed) or `VP8X` (extended: 24-bit canvas sides less one).
    private static func webp(_ bytes: [UInt8]) -> ImageSize? {
        guard bytes.count >= 30 else { return nil }
        switch String(decoding: bytes[12..<16], as: UTF8.self) {
        case "VP8 ":
            guard Array(bytes[23..<26]) == [0x9D, 0x01, 0x2A] else { return nil }
            return ImageSize(width: littleEndian(bytes, at: 26, count: 2) & 0x3FFF, height: littleEndian(bytes, at: 28, count: 2) & 0x3FFF)
        case "VP8L":
            guard bytes[20] == 0x2F else { return nil }
            let packed = littleEndian(bytes, at: 21, count: 4)
            return ImageSize(width: (packed & 0x3FFF) + 1, height: ((packed >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return ImageSize(width: littleEndian(bytes, at: 24, count: 3) + 1, height: littleEndian(bytes, at: 27, count: 3) + 1)
        default:
            return nil
        }
    }

    /// Callers check `offset + count <= bytes.count` first.
    static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
    }

    static func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
        bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
