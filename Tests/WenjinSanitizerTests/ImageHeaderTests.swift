import Testing
import WenjinSanitizer

/// Image sizes read from file headers built byte by byte from each format's specification,
/// and hostile headers (cut short, malformed, absurd) that must give no size and no crash.
@Suite struct ImageHeaderTests {
    static func be(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }
    static func le(_ value: Int, _ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) } }

    static func png(width: Int, height: Int) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13, 4) + Array("IHDR".utf8) + be(width, 4) + be(height, 4)
            + [8, 2, 0, 0, 0] + [0, 0, 0, 0]
    }

    static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] { [0xFF, marker] + be(body.count + 2, 2) + body }

    static func jpeg(width: Int, height: Int, before: [UInt8] = [], frame: UInt8 = 0xC0) -> [UInt8] {
        [0xFF, 0xD8] + segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0]) + before
            + segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
            + segment(frame, [8] + be(height, 2) + be(width, 2) + [1, 1, 0x11, 0]) + [0xFF, 0xD9]
    }

    /// An EXIF segment whose first directory holds only the orientation tag.
    static func exif(orientation: Int, bigEndian: Bool) -> [UInt8] {
        let number: (Int, Int) -> [UInt8] = bigEndian ? { be($0, $1) } : { le($0, $1) }
        let tiff = (bigEndian ? Array("MM".utf8) : Array("II".utf8)) + number(42, 2) + number(8, 4)
            + number(1, 2) + number(0x0112, 2) + number(3, 2) + number(1, 4) + number(orientation, 2) + [0, 0] + number(0, 4)
        return segment(0xE1, Array("Exif\0\0".utf8) + tiff)
    }

    static func gif(width: Int, height: Int) -> [UInt8] { Array("GIF89a".utf8) + le(width, 2) + le(height, 2) + [0, 0, 0] }

    static func webp(_ chunk: String, _ payload: [UInt8]) -> [UInt8] {
        Array("RIFF".utf8) + le(payload.count + 12, 4) + Array("WEBP".utf8) + Array(chunk.utf8) + le(payload.count, 4) + payload
    }

    @Test func `a PNG's size is its IHDR chunk's width and height`() {
        #expect(ImageHeader.size(of: Self.png(width: 640, height: 480)) == ImageSize(width: 640, height: 480))
    }

    @Test func `a JPEG's size is its frame header's, baseline or progressive, behind other segments`() {
        #expect(ImageHeader.size(of: Self.jpeg(width: 1024, height: 768)) == ImageSize(width: 1024, height: 768))
        #expect(ImageHeader.size(of: Self.jpeg(width: 300, height: 200, frame: 0xC2)) == ImageSize(width: 300, height: 200))
        let comment = Self.segment(0xFE, [UInt8](repeating: 0x41, count: 9000))
        #expect(ImageHeader.size(of: Self.jpeg(width: 17, height: 9, before: comment)) == ImageSize(width: 17, height: 9))
    }

    @Test func `a JPEG turned a quarter by its EXIF orientation shows its sides swapped`() {
        for bigEndian in [true, false] {
            let turned = Self.jpeg(width: 4000, height: 3000, before: Self.exif(orientation: 6, bigEndian: bigEndian))
            #expect(ImageHeader.size(of: turned) == ImageSize(width: 3000, height: 4000))
            let flipped = Self.jpeg(width: 4000, height: 3000, before: Self.exif(orientation: 3, bigEndian: bigEndian))
            #expect(ImageHeader.size(of: flipped) == ImageSize(width: 4000, height: 3000))
        }
    }

    @Test func `a GIF's size is its logical screen's`() {
        #expect(ImageHeader.size(of: Self.gif(width: 320, height: 50)) == ImageSize(width: 320, height: 50))
    }

    @Test func `a WebP's size is read from its lossy, lossless or extended header`() {
        let lossy = Self.webp("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + Self.le(400, 2) + Self.le(300, 2) + [0, 0])
        #expect(ImageHeader.size(of: lossy) == ImageSize(width: 400, height: 300))
        let lossless = Self.webp("VP8L", [0x2F] + Self.le((399) | (299 << 14), 4) + [0, 0, 0, 0, 0])
        #expect(ImageHeader.size(of: lossless) == ImageSize(width: 400, height: 300))
        let extended = Self.webp("VP8X", [0x10, 0, 0, 0] + Self.le(1919, 3) + Self.le(1079, 3))
        #expect(ImageHeader.size(of: extended) == ImageSize(width: 1920, height: 1080))
    }

    @Test func `every header cut short at any byte gives no size and no crash`() {
        let lossy = Self.webp("VP8 ", [0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A] + Self.le(400, 2) + Self.le(300, 2))
        let turned = Self.jpeg(width: 40, height: 30, before: Self.exif(orientation: 8, bigEndian: true))
        for file in [Self.png(width: 64, height: 64), Self.jpeg(width: 64, height: 64), turned, Self.gif(width: 64, height: 64), lossy] {
            let whole = ImageHeader.size(of: file)
            #expect(whole != nil)
            // Every cut that keeps the size's own bytes but loses later ones may still read it.
            for length in 0..<file.count {
                let size = ImageHeader.size(of: file.prefix(length))
                #expect(size == nil || size == whole, "cut at \(length) of \(file.count)")
            }
        }
        #expect(ImageHeader.size(of: Self.png(width: 64, height: 64).prefix(23)) == nil)
        #expect(ImageHeader.size(of: Self.jpeg(width: 64, height: 64).dropLast(8)) == nil)
    }

    @Test func `absurd sizes, zero sides and unknown formats give no size`() {
        #expect(ImageHeader.size(of: Self.png(width: 0, height: 480)) == nil)
        #expect(ImageHeader.size(of: Self.png(width: 0x7FFF_FFFF, height: 1)) == nil)
        #expect(ImageHeader.size(of: Self.png(width: 65_536, height: 10)) == nil)
        #expect(ImageHeader.size(of: Self.png(width: 65_535, height: 10)) == ImageSize(width: 65_535, height: 10))
        #expect(ImageHeader.size(of: Self.jpeg(width: 0, height: 10)) == nil)
        #expect(ImageHeader.size(of: Self.gif(width: 10, height: 0)) == nil)
        #expect(ImageHeader.size(of: Self.webp("VP8X", [0x10, 0, 0, 0] + Self.le(0xFF_FFFF, 3) + Self.le(9, 3))) == nil)
        #expect(ImageHeader.size(of: Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)) == nil)
        #expect(ImageHeader.size(of: [UInt8]()) == nil)
    }

    @Test func `malformed JPEG segments give no size instead of looping or reading past the end`() {
        // A segment length under 2 would never advance.
        #expect(ImageHeader.size(of: [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00, 0xFF, 0xC0] + [UInt8](repeating: 0, count: 20)) == nil)
        // A segment claiming to run past the end of the bytes.
        #expect(ImageHeader.size(of: [0xFF, 0xD8, 0xFF, 0xE0, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 40)) == nil)
        // Scan data before any frame header.
        #expect(ImageHeader.size(of: [0xFF, 0xD8] + Self.segment(0xDA, [1, 2, 3]) + Self.segment(0xC0, [8, 0, 9, 0, 9, 1])) == nil)
        // A byte where a marker should be.
        #expect(ImageHeader.size(of: [0xFF, 0xD8, 0x00] + Self.segment(0xC0, [8, 0, 9, 0, 9, 1])) == nil)
        // A frame header too short to hold a size.
        #expect(ImageHeader.size(of: [0xFF, 0xD8] + Self.segment(0xC0, [8, 0, 9])) == nil)
        // EXIF whose directory offset and entry count point far outside the segment.
        let hostileEXIF = Self.segment(0xE1, Array("Exif\0\0MM".utf8) + [0, 42, 0x7F, 0xFF, 0xFF, 0xFF])
        #expect(ImageHeader.size(of: Self.jpeg(width: 5, height: 7, before: hostileEXIF)) == ImageSize(width: 5, height: 7))
        let manyEntries = Self.segment(0xE1, Array("Exif\0\0II".utf8) + [42, 0, 8, 0, 0, 0, 0xFF, 0xFF, 0x12, 0x01])
        #expect(ImageHeader.size(of: Self.jpeg(width: 5, height: 7, before: manyEntries)) == ImageSize(width: 5, height: 7))
    }

    @Test func `random bytes after each format's signature never crash`() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state)
        }
        let signatures: [[UInt8]] = [Array(Self.png(width: 1, height: 1).prefix(8)), [0xFF, 0xD8], Array("GIF89a".utf8),
                                     Array(Self.webp("VP8 ", []).prefix(16)), Array(Self.webp("VP8L", []).prefix(16))]
        for signature in signatures {
            for length in 0..<200 {
                let bytes = signature + (0..<length).map { _ in next() }
                if let size = ImageHeader.size(of: bytes) {
                    #expect((1...ImageSize.largestSide).contains(size.width) && (1...ImageSize.largestSide).contains(size.height))
                }
            }
        }
    }
}
