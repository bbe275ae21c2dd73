import Foundation

/// Assembles a bplist00 from raw object encodings, so tests can state exact bytes, including
/// impossible ones: each object is its marker and body, references are one byte.
struct HandBuiltPropertyList {
    var objects: [[UInt8]]
    var top: UInt64 = 0
    var offsetSize: UInt8 = 1
    var refSize: UInt8 = 1
    /// Overrides the object count the trailer claims.
    var claimedCount: UInt64?
    /// Overrides where the trailer says the offset table is.
    var claimedTableOffset: UInt64?

    init(_ objects: [[UInt8]]) {
        self.objects = objects
    }

    var data: Data {
        var out: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(out.count)
            out += object
        }
        let table = out.count
        for offset in offsets { out += Self.bigEndian(UInt64(offset), size: Int(offsetSize)) }
        out += [0, 0, 0, 0, 0, 0, offsetSize, refSize]
        out += Self.bigEndian(claimedCount ?? UInt64(objects.count), size: 8)
        out += Self.bigEndian(top, size: 8)
        out += Self.bigEndian(claimedTableOffset ?? UInt64(table), size: 8)
        return Data(out)
    }

    static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (UInt64($0) * 8)) }
    }
}
