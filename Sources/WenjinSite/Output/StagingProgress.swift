import WenjinBuildSupport

/// What one build did to the folder it stages its output in (`StagedOutput`), kept under its
/// lock: the files it produced, the names it replaced or removed, the sidecars it staged.
struct StagingProgress: Sendable {
    /// The files this build put in the staging folder, with their fingerprints.
    private(set) var produced: [String: PageFingerprint]
    /// How many of `produced` the twin's manifest lists: when all of them, publishing has no
    /// file of the twin's to remove and need not look each up (`StagedOutput.publish`).
    private(set) var producedInTwin = 0
    /// Names of the staging folder this build replaced or removed (whatever the twin's
    /// manifest says of them no longer holds).
    var touched: Set<String> = []
    var published = false
    /// Sidecars written ahead of the manifest (`StagedOutput.stageSidecar`).
    var sidecars: [String: OutputManifest.StagedSidecar] = [:]

    /// Room for as many files as the last output had, so a rebuild never grows the table.
    init(expecting count: Int) {
        produced = [:]
        produced.reserveCapacity(count)
    }

    /// Whether the staging folder holds `path` with `fingerprint` now: what this build put
    /// there (a path can be produced twice: a `Public/` file and a generated one), else what
    /// the twin had (`inTwin`: its manifest lists it so), unless this build replaced or removed
    /// it; then it is recorded as produced. A file the twin holds costs one look-up of
    /// `produced`, not two: every file of a rebuild passes here, and each look-up in a table of
    /// 200,000 paths is a cache miss or two.
    mutating func holds(_ path: String, _ fingerprint: PageFingerprint, inTwin: Bool) -> Bool {
        guard inTwin, touched.isEmpty || !touched.contains(path) else { return produced[path].map { $0 == fingerprint } ?? false }
        guard let earlier = produced.updateValue(fingerprint, forKey: path) else {
            producedInTwin += 1
            return true
        }
        if earlier != fingerprint { produced[path] = earlier }
        return earlier == fingerprint
    }

    /// Records that the staging folder holds `path` with `fingerprint`; `listedInTwin`: whether
    /// the twin's manifest lists the path (with whatever fingerprint).
    mutating func record(_ path: String, _ fingerprint: PageFingerprint, listedInTwin: Bool) {
        if produced.updateValue(fingerprint, forKey: path) == nil, listedInTwin { producedInTwin += 1 }
    }
}
