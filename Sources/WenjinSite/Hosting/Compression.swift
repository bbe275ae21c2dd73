import CBrotli
import CZlib
import WenjinConfig

/// Precompressed copies of the output's text files (docs/design.md#hosting), and the way back
/// for the privacy check, which must read what a host would send.
enum Compression {
    /// The most a decompressed file may hold before the privacy check gives up on it: far
    /// above any page, so only a file no build wrote reaches it.
    static let maximumExpandedSize = 256 << 20

    static func compress(_ bytes: [UInt8], as encoding: SiteConfig.Hosting.Encoding) -> [UInt8] {
        switch encoding {
        case .gzip: gzip(bytes)
        case .brotli: brotli(bytes)
        }
    }

    /// The bytes of a precompressed file, nil when they do not decode (or expand past `maximumExpandedSize`).
    static func decompress(_ bytes: [UInt8], as encoding: SiteConfig.Hosting.Encoding) -> [UInt8]? {
        switch encoding {
        case .gzip: gunzip(bytes)
        case .brotli: unbrotli(bytes)
        }
    }

    /// Deflate at level 9 in a gzip wrapper whose header zlib writes without a time or a file
    /// name (nothing set with `deflateSetHeader`), so the same page gives the same bytes.
    private static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        // 15 bits of window, +16 for the gzip wrapper.
        guard deflateInit2_(&stream, 9, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, zlibVersion(),
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { fatalError("zlib cannot start a stream") }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        var input = bytes
        let written = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                // The output holds deflateBound's worst case: one call finishes the stream.
                guard deflate(&stream, Z_FINISH) == Z_STREAM_END else { fatalError("zlib's bound was too small") }
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output.prefix(written))
    }

    private static func gunzip(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = bytes
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, target.count - Int(stream.avail_out))
                }
                output += chunk.prefix(produced)
                if output.count > maximumExpandedSize { return nil }
                if status == Z_STREAM_END { return stream.avail_in == 0 ? output : nil }
                // Progress stops on a truncated or corrupt stream.
                guard status == Z_OK, produced > 0 || stream.avail_in > 0 else { return nil }
            }
        }
    }

    /// Brotli at quality 9 in text mode: most of quality 11's gain on pages at several times its
    /// speed. The window fits the file: the encoder sizes its tables by it, and a small page with
    /// the default 4 MiB window spends most of its time setting them up.
    private static func brotli(_ bytes: [UInt8]) -> [UInt8] {
        var window = BROTLI_MIN_WINDOW_BITS
        while window < BROTLI_DEFAULT_WINDOW, 1 << window < bytes.count + 16 { window += 1 }
        var size = BrotliEncoderMaxCompressedSize(bytes.count)
        if size == 0 { size = bytes.count + 1024 }
        var output = [UInt8](repeating: 0, count: size)
        let ok = bytes.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                BrotliEncoderCompress(9, window, BROTLI_MODE_TEXT, source.count, source.baseAddress,
                                      &size, target.baseAddress)
            }
        }
        guard ok == BROTLI_TRUE else { fatalError("brotli's bound was too small") }
        return Array(output.prefix(size))
    }

    private static func unbrotli(_ bytes: [UInt8]) -> [UInt8]? {
        guard let decoder = BrotliDecoderCreateInstance(nil, nil, nil) else { return nil }
        defer { BrotliDecoderDestroyInstance(decoder) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        return bytes.withUnsafeBufferPointer { source -> [UInt8]? in
            var nextIn = source.baseAddress
            var availableIn = source.count
            while true {
                let (result, produced) = chunk.withUnsafeMutableBufferPointer { target in
                    var nextOut = target.baseAddress
                    var availableOut = target.count
                    let result = BrotliDecoderDecompressStream(decoder, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                    return (result, target.count - availableOut)
                }
                output += chunk.prefix(produced)
                if output.count > maximumExpandedSize { return nil }
                switch result {
                case BROTLI_DECODER_RESULT_SUCCESS: return availableIn == 0 ? output : nil
                case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: continue
                default: return nil // an error, or input that ends before the stream does
                }
            }
        }
    }
}
