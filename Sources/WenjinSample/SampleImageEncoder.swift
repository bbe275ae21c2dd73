/// Encodes the sample community's pictures as real image files: baseline JPEG (flat 8×8 blocks,
/// so only DC coefficients are coded) and PNG (uncompressed deflate blocks). Small, exact and
/// dependency-free; any browser or image library reads them.
enum SampleImageEncoder {
    typealias Pixel = (r: UInt8, g: UInt8, b: UInt8)

    static func jpeg(width: Int, height: Int, pixel: (Int, Int) -> Pixel) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        segment(0xE0, [0x4A, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0], into: &out)
        segment(0xDB, [0x00, 8] + [UInt8](repeating: 16, count: 63), into: &out)
        segment(0xC0, [8] + be16(height) + be16(width) + [3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0], into: &out)
        var tables: [UInt8] = []
        for (slot, bits) in [(UInt8(0x00), dcLuminanceBits), (0x01, dcChrominanceBits)] {
            tables += [slot] + bits + Array(0...11)
            tables += [slot | 0x10] + [1] + [UInt8](repeating: 0, count: 15) + [0x00]
        }
        segment(0xC4, tables, into: &out)
        segment(0xDA, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0], into: &out)

        let luminance = huffmanCodes(dcLuminanceBits)
        let chrominance = huffmanCodes(dcChrominanceBits)
        var writer = BitWriter()
        var previous = [0, 0, 0]
        for blockY in stride(from: 0, to: height, by: 8) {
            for blockX in stride(from: 0, to: width, by: 8) {
                let p = pixel(min(width - 1, blockX + 4), min(height - 1, blockY + 4))
                let (r, g, b) = (Double(p.r), Double(p.g), Double(p.b))
                let components = [
                    0.299 * r + 0.587 * g + 0.114 * b,
                    128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
                    128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
                ]
                for (index, value) in components.enumerated() {
                    let dc = Int((value - 128).rounded())
                    let diff = dc - previous[index]
                    previous[index] = dc
                    let category = diff == 0 ? 0 : Int.bitWidth - abs(diff).leadingZeroBitCount
                    let code = (index == 0 ? luminance : chrominance)[category]
                    writer.write(code.bits, count: code.length)
                    if category > 0 { writer.write(diff > 0 ? diff : diff + (1 << category) - 1, count: category) }
                    writer.write(0, count: 1)  // end of block: the AC table's one code
                }
            }
        }
        out += writer.finish()
        return out + [0xFF, 0xD9]
    }

    static func png(width: Int, height: Int, pixel: (Int, Int) -> Pixel) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                let p = pixel(x, y)
                raw += [p.r, p.g, p.b]
            }
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let count = min(65_535, raw.count - offset)
            let last: UInt8 = offset + count == raw.count ? 1 : 0
            zlib += [last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
            zlib += raw[offset..<offset + count]
            offset += count
        } while offset < raw.count
        zlib += be32(adler32(raw))
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 2, 0, 0, 0], into: &out)
        chunk("IDAT", zlib, into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    // MARK: JPEG parts

    private static let dcLuminanceBits: [UInt8] = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0]
    private static let dcChrominanceBits: [UInt8] = [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0]

    /// Canonical Huffman codes for symbols 0… from the per-length counts of a DHT table.
    private static func huffmanCodes(_ bits: [UInt8]) -> [(bits: Int, length: Int)] {
        var codes: [(bits: Int, length: Int)] = []
        var code = 0
        for (index, count) in bits.enumerated() {
            for _ in 0..<count {
                codes.append((code, index + 1))
                code += 1
            }
            code <<= 1
        }
        return codes
    }

    private static func segment(_ marker: UInt8, _ payload: [UInt8], into out: inout [UInt8]) {
        out += [0xFF, marker] + be16(payload.count + 2) + payload
    }

    private struct BitWriter {
        var bytes: [UInt8] = []
        var accumulator = 0
        var count = 0

        mutating func write(_ value: Int, count bitCount: Int) {
            for shift in stride(from: bitCount - 1, through: 0, by: -1) {
                accumulator = accumulator << 1 | (value >> shift) & 1
                count += 1
                if count == 8 { flush() }
            }
        }

        private mutating func flush() {
            bytes.append(UInt8(accumulator))
            if accumulator == 0xFF { bytes.append(0) }  // byte stuffing
            accumulator = 0
            count = 0
        }

        /// Pads the last byte with one bits, as the standard asks.
        mutating func finish() -> [UInt8] {
            while count != 0 { write(1, count: 1) }
            return bytes
        }
    }

    // MARK: PNG parts

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return crc ^ 0xFFFF_FFFF
    }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        out += be32(UInt32(data.count)) + typed + be32(crc32(typed))
    }

    private static func be16(_ value: Int) -> [UInt8] { [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    private static func be32(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
}
