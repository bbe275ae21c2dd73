import WenjinBuildSupport
import WenjinModel

/// The fingerprint of every page of the plan, walking the inputs (`PageInputs`) only of pages
/// the last build did not fingerprint under the same seed or one of whose inputs changed value
/// since (`InputValues`): a rebuild after one edit walks the few dozen pages that show it, not
/// the whole archive (docs/design.md#output). The last build's record comes from
/// the live output (`PageInputsState`, a sidecar of its manifest); without a usable one every
/// page is walked, as a full build does, and the record is made anew.
struct PlanFingerprints {
    /// One per job of the plan, in its order.
    let fingerprints: [PageFingerprint]
    /// Pages whose inputs were walked.
    let walked: Int
    /// Why every page was walked although the output had been built before; nil otherwise.
    let fullWalkNote: String?
    /// What the record for the next build holds (`writeState`): kept pages' keys are views of
    /// the last build's record.
    private let seed: PageFingerprint
    private let values: InputValues
    private let recorded: [(code: PageInputsState.PageCode, fingerprint: PageFingerprint, keys: PageInputsState.Words)]

    /// `previous` reads the last build's record; read and decoded while the values are made.
    init(jobs: [PageJob], renderer: PageRenderer, entities: EntityDigests, seed: PageFingerprint,
         previous bytes: @Sendable () -> [UInt8]?, outputKnown: Bool) {
        let (values, decoded, _) = SideBySide.run({
            InputValues(archive: renderer.archive, entities: entities, bodies: renderer.bodies)
        }, {
            bytes().flatMap(PageInputsState.init(decoding:))
        }, {})
        self.values = values
        self.seed = seed
        let previous = decoded?.seed == seed && values.keysAreDistinct ? decoded : nil
        fullWalkNote = previous != nil || !outputKnown ? nil : decoded == nil
            ? "no readable page inputs from the last build: fingerprinting every page"
            : "the theme, the site's settings or the program changed: fingerprinting every page"
        let changed = previous.map { values.changed(since: $0.values) } ?? []
        // Most keys of an unchanged page miss this mask, so few reach the set.
        let mask = changed.reduce(UInt64(0)) { $0 | Self.bit($1) }

        let codes = jobs.map(\.inputsCode)
        let places = previous.map { $0.places(of: codes) } ?? []
        let pages = ParallelWork.map(Array(jobs.indices)) { index -> (PageFingerprint, PageInputsState.Words, walked: Bool) in
            if let previous, let place = places[index] {
                let record = previous.record(at: place)
                if !record.keys.contains(where: { mask & Self.bit($0) != 0 && changed.contains($0) }) {
                    return (record.fingerprint, record.keys, false)
                }
            }
            let (fingerprint, keys) = renderer.fingerprintAndInputs(of: jobs[index], entities: entities, seed: seed)
            return (fingerprint, PageInputsState.Words(keys.map(\.rawValue)), true)
        }
        fingerprints = pages.map(\.0)
        walked = pages.reduce(0) { $0 + ($1.walked ? 1 : 0) }
        recorded = zip(codes, pages).compactMap { code, page in code.map { ($0, page.0, page.1) } }
    }

    /// Writes the record for the next build, to publish with the output (`PageInputsState`).
    func writeState(to writer: inout SidecarWriter) {
        PageInputsState.write(seed: seed, values: values, pages: recorded, pageCount: recorded.count, to: &writer)
    }

    private static func bit(_ key: UInt64) -> UInt64 { 1 << ((key &* 0x9E37_79B9_7F4A_7C15) >> 58) }
}
