import Foundation

/// Image bytes inside a data member of an attachment: the whole member when it starts like
/// an image file, or a PNG or JPEG found inside a larger blob (a file wrapper's serialized
/// form keeps the file after its own header, whose layout is not documented).
enum EmbeddedImage {
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let jpegStart: [UInt8] = [0xFF, 0xD8, 0xFF]

    static func startsLikeImage(_ bytes: Data) -> Bool {
        let signatures: [[UInt8]] = [pngSignature, jpegStart, Array("GIF8".utf8)]
        let isWebP = bytes.starts(with: Array("RIFF".utf8)) && bytes.dropFirst(8).starts(with: Array("WEBP".utf8))
        // HEIF/HEIC: a box size, then "ftyp".
        let isHEIF = bytes.count >= 8 && bytes.dropFirst(4).starts(with: Array("ftyp".utf8))
        return isWebP || isHEIF || signatures.contains { bytes.starts(with: $0) }
    }

    /// The image in `bytes`, or nil when there is none this module can delimit.
    static func find(in bytes: Data) -> Data? {
        if startsLikeImage(bytes) { return bytes }
        let array = [UInt8](bytes)
        if let start = firstIndex(of: pngSignature, in: array), let end = pngEnd(array, start: start) {
            return Data(array[start..<end])
        }
        if let start = firstIndex(of: jpegStart, in: array), let end = jpegEnd(array, start: start) {
            return Data(array[start..<end])
        }
        return nil
    }

    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { start in
            bytes[start] == pattern[0] && bytes[start..<(start + pattern.count)].elementsEqual(pattern)
        }
    }

    /// Walks the PNG's chunks (length, type, data, CRC) to the end of IEND.
    private static func pngEnd(_ bytes: [UInt8], start: Int) -> Int? {
        var position = start + pngSignature.count
        while position <= bytes.count - 12 {
            let length = bytes[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
            let type = bytes[(position + 4)..<(position + 8)]
            guard length <= bytes.count - position - 12 else { return nil }
            position += 12 + length
            if type.elementsEqual("IEND".utf8) { return position }
        }
        return nil
    }

    /// The JPEG runs to its last end-of-image marker (FF D9): thumbnails inside it end earlier.
    private static func jpegEnd(_ bytes: [UInt8], start: Int) -> Int? {
        var index = bytes.count - 2
        while index > start {
            if bytes[index] == 0xFF, bytes[index + 1] == 0xD9 { return index + 2 }
            index -= 1
        }
        return nil
    }
}
