/// The EXIF orientation of a JPEG (tag 0x0112 of the first image directory in its APP1
/// segment): browsers show the picture turned accordingly, so a phone photo stored sideways
/// is shown with its sides swapped, and its `width` and `height` must say so.
enum JPEGOrientation {
    case upright
    /// Orientations 5 to 8: turned a quarter, so width and height trade places.
    case quarterTurned

    var swapsSides: Bool { self == .quarterTurned }

    /// The orientation an APP1 segment's body (`bytes[start..<end]`) states, or nil when it
    /// is not EXIF or does not say; every offset it holds is checked against `end`.
    init?(exif bytes: [UInt8], from start: Int, to end: Int) {
        let tiff = start + 6
        guard tiff + 8 <= end, Array(bytes[start..<tiff]) == Array("Exif\0\0".utf8) else { return nil }
        let bigEndian: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        func number(at offset: Int, count: Int) -> Int? {
            guard offset >= tiff, offset + count <= end else { return nil }
            return bigEndian ? ImageHeader.bigEndian(bytes, at: offset, count: count)
                : ImageHeader.littleEndian(bytes, at: offset, count: count)
        }
        guard let directory = number(at: tiff + 4, count: 4).map({ tiff + $0 }), let entries = number(at: directory, count: 2) else {
            return nil
        }
        for index in 0..<min(entries, (end - directory) / 12) {
            let entry = directory + 2 + index * 12
            guard number(at: entry, count: 2) == 0x0112 else { continue }
            guard let value = number(at: entry + 8, count: 2) else { return nil }
            self = (5...8).contains(value) ? .quarterTurned : .upright
            return
        }
        return nil
    }
}
