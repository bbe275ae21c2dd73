import WenjinBuildSupport

/// What one build did to the folder it stages its output in (`StagedOutput`), kept under its
/// lock: the files it produced, the names it replaced or removed, the sidecars it staged.
///
/// A rebuild produces nearly every file of the twin as the twin has it. Those are kept as one
/// bit per record of the twin's table (`ManifestTable`), found by the look-up the check makes
/// anyway, not inserted into a table of 225,000 paths (100,000 questions); only the files
/// produced otherwise (written, linked, or kept from the twin's journal) are listed by path.
struct StagingProgress: Sendable {
    /// Per record of the twin's table, whether this build keeps that file as it is.
    private(set) var kept: [UInt64]
    /// The files this build put in the staging folder other than by keeping a twin table
    /// record, with their fingerprints: never a path whose record is kept.
    private(set) var produced: [String: PageFingerprint] = [:]
    /// Names of the staging folder this build replaced or removed (whatever the twin's
    /// manifest says of them no longer holds).
    private(set) var touched: Set<String> = []
    /// A bit per signature of a touched name (`mayHaveTouched`): a rebuild touches a few dozen
    /// names and checks 225,000 (100,000 questions) under the lock, nearly all passed over here
    /// rather than hashed whole.
    private var touchedBits = [UInt64](repeating: 0, count: 64)
    var published = false
    /// Sidecars written ahead of the manifest (`StagedOutput.stageSidecar`).
    var sidecars: [String: OutputManifest.StagedSidecar] = [:]

    /// For a twin whose table has `tableCount` records.
    init(tableCount: Int) {
        kept = [UInt64](repeating: 0, count: (tableCount + 63) / 64)
    }

    /// Whether the staging folder holds `path` with `fingerprint` now: what this build put
    /// there (a path can be produced twice: a `Public/` file and a generated one), else what
    /// the twin had (`inTwin`: its manifest lists it so; `tableIndex`: at that record of its
    /// table), unless this build replaced or removed it; then it is recorded as produced.
    mutating func holds(_ path: String, _ fingerprint: PageFingerprint, inTwin: Bool, tableIndex: Int?) -> Bool {
        guard inTwin, !mayHaveTouched(path) || !touched.contains(path) else {
            if let earlier = produced[path] { return earlier == fingerprint }
            // Touched, but not replaced (yet): the twin's file is still what the name holds.
            return inTwin && tableIndex.map(keeps) == true
        }
        if let tableIndex {
            kept[tableIndex >> 6] |= 1 << UInt64(tableIndex & 63)
            return true
        }
        // Listed by the twin's journal: a path of its own.
        if let earlier = produced.updateValue(fingerprint, forKey: path), earlier != fingerprint {
            produced[path] = earlier
            return false
        }
        return true
    }

    /// Keeps the twin table's `records` as they are, found without their paths: each a record
    /// `holds` would keep, of a name this build has neither touched nor produced.
    mutating func keep(records: [Int]) {
        for index in records { kept[index >> 6] |= 1 << UInt64(index & 63) }
    }

    /// Records that the name `path` is about to be replaced or removed.
    mutating func touch(_ path: String) {
        touched.insert(path)
        let bit = Self.signature(of: path)
        touchedBits[bit >> 6] |= 1 << UInt64(bit & 63)
    }

    /// False when `touch` was never called with `path`.
    private func mayHaveTouched(_ path: String) -> Bool {
        guard !touched.isEmpty else { return false }
        let bit = Self.signature(of: path)
        return touchedBits[bit >> 6] & 1 << UInt64(bit & 63) != 0
    }

    /// One of 4,096 bits, from the name's length and its last eight bytes (the page's number
    /// or the image's hash, and the extension), read where they lie.
    private static func signature(of path: String) -> Int {
        let count = path.utf8.count
        let tail = path.utf8.withContiguousStorageIfAvailable { bytes in
            count >= 8 ? UnsafeRawBufferPointer(bytes).loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) : nil
        } ?? nil
        // The same word as the load's, little-endian, for a name too short for it or not contiguous.
        let word = tail ?? path.utf8.suffix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        return Int(truncatingIfNeeded: ((word ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15) >> 52)
    }

    /// Records that the staging folder holds `path` with `fingerprint` (touched before);
    /// `tableIndex`: its record in the twin's table, which no longer holds for it.
    mutating func record(_ path: String, _ fingerprint: PageFingerprint, tableIndex: Int?) {
        produced[path] = fingerprint
        if let tableIndex { kept[tableIndex >> 6] &= ~(1 << UInt64(tableIndex & 63)) }
    }

    /// Whether the twin table's record `index` is kept.
    func keeps(_ index: Int) -> Bool { kept[index >> 6] & 1 << UInt64(index & 63) != 0 }

    /// The indices of the twin table's records this build does not keep, in order: a word of
    /// 64 records at a time, so a rebuild that keeps nearly all costs a pass over 3,500 words.
    func notKept(of count: Int) -> [Int] {
        var indices: [Int] = []
        for (word, bits) in kept.enumerated() where bits != .max {
            var missing = ~bits
            while missing != 0 {
                let index = word << 6 + missing.trailingZeroBitCount
                if index < count { indices.append(index) }
                missing &= missing - 1
            }
        }
        return indices
    }
}
