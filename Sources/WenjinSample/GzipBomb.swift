import Synchronization

/// A valid gzip stream of zero bytes, tiny on the wire and huge once decoded: the body a hostile
/// server sends with `Content-Encoding: gzip`. There is no zlib in the toolchain, so the deflate
/// stream is written by hand: one fixed-Huffman block of a literal 0 followed by back-references
/// of length 258 at distance 1 (13 bits each), about 159 decoded bytes per byte sent.
package enum GzipBomb {
    /// The gzip bytes and how many bytes they decode to (1 + 258·k, the first at least `decodedBytes`).
    package static func make(decodedBytes: Int) -> (gzip: [UInt8], decodedSize: Int) {
        if let cached = cache.withLock({ $0[decodedBytes] }) { return cached }
        let matches = max(0, (decodedBytes - 1 + 257) / 258)
        let size = 1 + 258 * matches
        var bits = BitWriter()
        bits.write(1, count: 1)  // BFINAL: the only block
        bits.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
        bits.writeCode(0x30, length: 8)  // literal 0
        // Length code 285 (258 bytes, 8 bits 11000101) then distance code 0 (distance 1, 5 bits).
        for _ in 0..<matches { bits.writeCode(0xC5 << 5, length: 13) }
        bits.writeCode(0, length: 7)  // end of block (symbol 256)
        var gzip: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]  // magic, deflate, no flags, no time, Unix
        gzip += bits.finished
        gzip += littleEndian(crc32OfZeros(count: size))
        gzip += littleEndian(UInt32(truncatingIfNeeded: size))
        let result = (gzip, size)
        cache.withLock { $0[decodedBytes] = result }
        return result
    }

    private static let cache = Mutex<[Int: (gzip: [UInt8], decodedSize: Int)]>([:])

    private static func littleEndian(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// CRC-32 of `count` zero bytes without touching them: for zero input the register update
    /// is linear over GF(2), so its 8·count-th power is built by squaring (log time).
    static func crc32OfZeros(count: Int) -> UInt32 {
        // One bit shifted through the register, as a matrix of columns: bit 0 feeds the polynomial.
        var step: [UInt32] = (0..<32).map { $0 == 0 ? 0xEDB8_8320 : UInt32(1) << ($0 - 1) }
        var register: UInt32 = 0xFFFF_FFFF
        var exponent = count * 8
        while exponent > 0 {
            if exponent & 1 == 1 { register = apply(step, to: register) }
            step = step.map { apply(step, to: $0) }
            exponent >>= 1
        }
        return ~register
    }

    private static func apply(_ matrix: [UInt32], to vector: UInt32) -> UInt32 {
        var result: UInt32 = 0
        var rest = vector
        var column = 0
        while rest != 0 {
            if rest & 1 == 1 { result ^= matrix[column] }
            rest >>= 1
            column += 1
        }
        return result
    }
}

/// Deflate's bit order: values least significant bit first, Huffman codes most significant first.
private struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var pending: UInt64 = 0
    private var used = 0

    mutating func write(_ value: UInt32, count: Int) {
        pending |= UInt64(value & ((1 << count) - 1)) << used
        used += count
        while used >= 8 {
            bytes.append(UInt8(truncatingIfNeeded: pending))
            pending >>= 8
            used -= 8
        }
    }

    mutating func writeCode(_ code: UInt32, length: Int) {
        var reversed: UInt32 = 0
        for bit in 0..<length { reversed |= ((code >> bit) & 1) << (length - 1 - bit) }
        write(reversed, count: length)
    }

    /// The bytes with the last partial byte padded by zeros.
    var finished: [UInt8] { used > 0 ? bytes + [UInt8(truncatingIfNeeded: pending)] : bytes }
}
